import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export default function Page() {
  return <PlaceholderPage title="My classes" description="Your classes and their approval state." />;
}
