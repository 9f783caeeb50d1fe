import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export default function Page() {
  return <PlaceholderPage title="Payments needing review" description="Payments the server put aside." />;
}
