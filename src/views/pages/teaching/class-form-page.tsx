import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export function CreateClassPage() {
  return <PlaceholderPage title="Create a class" description="Group lessons for a grade and subject." />;
}
export function EditClassPage() {
  return <PlaceholderPage title="Edit class" description="Change a class." />;
}
