import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Detail page of the skills feature (being built). */
export default function SkillDetailPage() {
  return <PlaceholderPage />;
}
