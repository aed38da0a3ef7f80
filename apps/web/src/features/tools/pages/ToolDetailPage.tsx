import PlaceholderPage from '../../../components/PlaceholderPage.tsx';

/** Detail page of the tools feature (being built). */
export default function ToolDetailPage() {
  return <PlaceholderPage />;
}
