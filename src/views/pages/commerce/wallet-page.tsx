import { PlaceholderPage } from '../placeholder-page';

export default function Page() {
  return <PlaceholderPage title="Wallet" description="Your wallet balance, top-ups and payments." />;
}
