import { PlaceholderPage } from '../placeholder-page';

export default function Page() {
  return <PlaceholderPage title="Payment" description="Returning from the payment page." />;
}
