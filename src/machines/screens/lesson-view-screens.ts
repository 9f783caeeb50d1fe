// The public lesson page (src/views/pages/public/lesson-view-page.tsx), a landing page: its own small
// module, so the workspace's lesson screens (lessons-screens.ts) stay out of the chunk it loads.
import type { Lesson } from '@/services/schemas/web';
import { fetchLesson, initialLesson } from '@/services/lesson-service';
import { oneLoader, type Loaded } from '../load-machine';

/** A public lesson (param `code`). */
export const publicLessonLoader = oneLoader<Lesson>((params) => fetchLesson(String(params.code ?? '')));

/** The lesson the page's HTML already carries, if any: the page then shows it with no call. */
export function initialPublicLesson(code: string): Loaded | undefined {
  const lesson = initialLesson(code);
  return lesson === undefined ? undefined : { kind: 'one', data: lesson };
}
