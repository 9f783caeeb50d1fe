import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export function CreateLessonPage() {
  return <PlaceholderPage title="Create lessons" description="Schedule a lesson or a series of lessons." />;
}
export function EditLessonPage() {
  return <PlaceholderPage title="Edit lesson" description="Change or reschedule a lesson." />;
}
