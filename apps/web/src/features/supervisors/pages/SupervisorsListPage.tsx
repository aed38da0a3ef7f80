import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** List page of the supervisors feature (being built). */
export default function SupervisorsListPage() {
  return <PlaceholderPage />;
}
