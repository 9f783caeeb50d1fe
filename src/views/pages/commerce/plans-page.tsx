import { PlaceholderPage } from '../placeholder-page';

export default function Page() {
  return <PlaceholderPage title="Plans" description="Choose a plan that fits your learning." />;
}
