import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Edit page of the clients feature (being built). */
export default function ClientEditPage() {
  return <PlaceholderPage />;
}
