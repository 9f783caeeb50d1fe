import { PlaceholderPage } from '../placeholder-page';

export function TermsPage() {
  return <PlaceholderPage title="Terms and Conditions" description="The terms of using Somesha." />;
}

export function PrivacyPage() {
  return <PlaceholderPage title="Privacy Policy" description="How Somesha handles your personal data." />;
}
