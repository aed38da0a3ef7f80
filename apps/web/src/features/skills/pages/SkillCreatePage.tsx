import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Create page of the skills feature (being built). */
export default function SkillCreatePage() {
  return <PlaceholderPage />;
}
