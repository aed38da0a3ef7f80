import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** List page of the skills feature (being built). */
export default function SkillsListPage() {
  return <PlaceholderPage />;
}
