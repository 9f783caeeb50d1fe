import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export default function Page() {
  return <PlaceholderPage title="Administration" description="Work waiting for an admin." />;
}
