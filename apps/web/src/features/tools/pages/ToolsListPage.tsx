import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** List page of the tools feature (being built). */
export default function ToolsListPage() {
  return <PlaceholderPage />;
}
