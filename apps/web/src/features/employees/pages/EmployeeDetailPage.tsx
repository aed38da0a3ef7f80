import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Detail page of the employees feature (being built). */
export default function EmployeeDetailPage() {
  return <PlaceholderPage />;
}
