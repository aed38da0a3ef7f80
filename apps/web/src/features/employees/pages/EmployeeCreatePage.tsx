import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Create page of the employees feature (being built). */
export default function EmployeeCreatePage() {
  return <PlaceholderPage />;
}
