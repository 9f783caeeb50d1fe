import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export default function Page() {
  return <PlaceholderPage title="My lessons" description="Your lessons: upcoming, past, pending approval, rejected and cancelled." />;
}
