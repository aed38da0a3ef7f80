import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Edit page of the skills feature (being built). */
export default function SkillEditPage() {
  return <PlaceholderPage />;
}
