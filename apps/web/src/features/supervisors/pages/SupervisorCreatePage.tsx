import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Create page of the supervisors feature (being built). */
export default function SupervisorCreatePage() {
  return <PlaceholderPage />;
}
