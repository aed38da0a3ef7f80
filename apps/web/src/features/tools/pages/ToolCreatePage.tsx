import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Create page of the tools feature (being built). */
export default function ToolCreatePage() {
  return <PlaceholderPage />;
}
