import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Create page of the clients feature (being built). */
export default function ClientCreatePage() {
  return <PlaceholderPage />;
}
