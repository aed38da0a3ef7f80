import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** List page of the clients feature (being built). */
export default function ClientsListPage() {
  return <PlaceholderPage />;
}
