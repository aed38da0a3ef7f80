import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Detail page of the supervisors feature (being built). */
export default function SupervisorDetailPage() {
  return <PlaceholderPage />;
}
