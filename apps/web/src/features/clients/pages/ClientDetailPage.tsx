import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Detail page of the clients feature (being built). */
export default function ClientDetailPage() {
  return <PlaceholderPage />;
}
