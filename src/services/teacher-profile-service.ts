// A teacher's public profile and its reviews (docs/reviews-messages.md "Teacher profile pages"):
// only the profile page loads it (its own chunk, not the public list pages').
import { isMissingAnswer } from '@/shared/boot-data';
import { REVIEWS_PER_PAGE } from '@/shared/review-pages';
import { initialAnswer, initialDecoded, isApiError, request } from './http';
import { dataOf } from './envelope';
import { decodePage, type ListPage } from './schemas/page';
import {
  decodeReview,
  decodeTeacherProfile,
  type Review,
  type TeacherProfile,
} from './schemas/teacher-profile';
const teacherPath = (id: number | string) => `/api/web/teachers/${encodeURIComponent(String(id))}`;

export async function fetchTeacher(id: number | string): Promise<TeacherProfile> {
  return decodeTeacherProfile(dataOf(await request(teacherPath(id))));
}

/** A teacher's profile; `found: false` when no approved teacher has that id (the page's 404). */
export type TeacherLookup = { found: true; teacher: TeacherProfile } | { found: false };

export async function fetchTeacherLookup(id: string): Promise<TeacherLookup> {
  try {
    return { found: true, teacher: await fetchTeacher(id) };
  } catch (error) {
    // 404: not an approved teacher; 422: not an id at all. Either way there is no such page.
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return { found: false };
    throw error;
  }
}

/** The profile the page's HTML carries, if any (src/services/http.ts `initialAnswer`). */
export function initialTeacher(id: string): TeacherLookup | undefined {
  const path = teacherPath(id);
  if (isMissingAnswer(initialAnswer(path))) return { found: false };
  const teacher = initialDecoded(path, undefined, (answer) => decodeTeacherProfile(dataOf(answer)));
  return teacher === undefined ? undefined : { found: true, teacher };
}

/**
 * The teacher's reviews from the first page through `page`, newest first ("More reviews" shows one
 * page more each time); each page is a public, cached answer.
 */
export async function fetchReviewsThrough(id: string, page: number): Promise<ListPage<Review>> {
  const pages = await Promise.all(
    Array.from({ length: Math.max(1, page) }, (_, index) =>
      request(`${teacherPath(id)}/reviews`, { query: index ? { page: String(index + 1) } : undefined }),
    ),
  );
  const decoded = pages.map((answer) => decodePage(answer, decodeReview));
  const last = decoded[decoded.length - 1];
  return {
    items: decoded.flatMap((one) => one.items),
    meta: last?.meta ?? { currentPage: 1, lastPage: 1, perPage: REVIEWS_PER_PAGE, total: 0 },
  };
}
