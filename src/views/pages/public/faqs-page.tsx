import { PlaceholderPage } from '../placeholder-page';

export default function FaqsPage() {
  return <PlaceholderPage title="FAQs" description="Answers to the questions learners and parents ask most." />;
}
