import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** List page of the employees feature (being built). */
export default function EmployeesListPage() {
  return <PlaceholderPage />;
}
