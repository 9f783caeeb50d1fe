import { PlaceholderPage } from '../placeholder-page';

// Replaced by the issue 10 screen.
export function AdminLessonsPage() {
  return <PlaceholderPage title="Lesson approvals" description="Lessons waiting for approval." />;
}
export function AdminClassesPage() {
  return <PlaceholderPage title="Class approvals" description="Classes waiting for approval." />;
}
