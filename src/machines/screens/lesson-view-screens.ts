// The public lesson page (src/views/pages/public/lesson-view-page.tsx), a landing page: its own small
// module, so the workspace's lesson screens (lessons-screens.ts) stay out of the chunk it loads.
import type { Lesson } from '@/services/schemas/web';
import {
  fetchPublicLesson,
  fetchPublicLessons,
  initialLesson,
  type PublicLessonLookup,
} from '@/services/lesson-service';
import { listLoader, oneLoader, type Loaded } from '../load-machine';

/** A public lesson (param `code`); `found: false` when no public lesson has that code. */
export const publicLessonLoader = oneLoader<PublicLessonLookup>((params) =>
  fetchPublicLesson(String(params.code ?? '')),
);

/** `/lessons/show` without a code: the upcoming public lessons to choose from (issue 24). */
export const upcomingLessonsLoader = listLoader<Lesson>((query) => fetchPublicLessons(query));

/** The lesson the page's HTML already carries, if any: the page then shows it with no call. */
export function initialPublicLesson(code: string): Loaded | undefined {
  const lookup = initialLesson(code);
  return lookup === undefined ? undefined : { kind: 'one', data: lookup };
}
