import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Edit page of the supervisors feature (being built). */
export default function SupervisorEditPage() {
  return <PlaceholderPage />;
}
