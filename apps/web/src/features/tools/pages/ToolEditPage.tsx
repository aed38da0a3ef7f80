import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Edit page of the tools feature (being built). */
export default function ToolEditPage() {
  return <PlaceholderPage />;
}
