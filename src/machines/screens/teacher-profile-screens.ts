// The public teacher profile (src/views/pages/public/teacher-profile-page.tsx), a landing page: its own
// small module, so the catalogue's browsing screens stay out of the chunk it loads.
import type { Review } from '@/services/schemas/teacher-profile';
import {
  fetchReviewsThrough,
  fetchTeacherLookup,
  initialTeacher,
  type TeacherLookup,
} from '@/services/teacher-profile-service';
import { listLoader, oneLoader, type Loaded } from '../load-machine';

/** A teacher's profile (param `id`); `found: false` when no approved teacher has that id. */
export const teacherProfileLoader = oneLoader<TeacherLookup>((params) =>
  fetchTeacherLookup(String(params.id ?? '')),
);

/** The profile the page's HTML already carries, if any: the page then shows it with no call. */
export function initialTeacherProfile(id: string): Loaded | undefined {
  const lookup = initialTeacher(id);
  return lookup === undefined ? undefined : { kind: 'one', data: lookup };
}

/**
 * The profile's reviews (param `id`): page N of this list holds the reviews of pages 1 to N, so
 * "More reviews" (the next page) adds ten more under those shown.
 */
export const teacherReviewsLoader = listLoader<Review>((query, params) =>
  fetchReviewsThrough(String(params.id ?? ''), Math.max(1, Number(query.page ?? 1) || 1)),
);
