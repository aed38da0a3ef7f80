import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Edit page of the employees feature (being built). */
export default function EmployeeEditPage() {
  return <PlaceholderPage />;
}
