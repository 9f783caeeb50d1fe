// Public lessons (docs/catalogue-api.md); putting one in the cart is `addCartItem` (cart-service.ts).
import { isMissingAnswer } from '@/shared/boot-data';
import { initialAnswer, initialDecoded, isApiError, readCookie, request } from './http';
import { fetchCsrfCookie } from './auth-service';
import { dataOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeLesson, type Lesson } from './schemas/web';

export async function fetchLesson(code: string): Promise<Lesson> {
  return decodeLesson(dataOf(await request(`/api/web/lessons/${encodeURIComponent(code)}`)));
}

/** Public lessons that have not started, soonest first (`GET /api/web/lessons`). */
export async function fetchPublicLessons(query: ListQuery = {}): Promise<ListPage<Lesson>> {
  const answer = await request('/api/web/lessons', { query: pick(query, ['page', 'per_page']) });
  return decodePage(answer, decodeLesson);
}

/** A public lesson, or `found: false` when no public lesson has this code (404). */
export type PublicLessonLookup = { found: true; lesson: Lesson } | { found: false };

export async function fetchPublicLesson(code: string): Promise<PublicLessonLookup> {
  try {
    return { found: true, lesson: await fetchLesson(code) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { found: false };
    throw error;
  }
}

/** The lesson the page's HTML carries, if any (src/services/http.ts `initialAnswer`). */
export function initialLesson(code: string): PublicLessonLookup | undefined {
  const path = `/api/web/lessons/${encodeURIComponent(code)}`;
  if (isMissingAnswer(initialAnswer(path))) return { found: false };
  const lesson = initialDecoded(path, undefined, (answer) => decodeLesson(dataOf(answer)));
  return lesson === undefined ? undefined : { found: true, lesson };
}

/** A visitor's first write has no session yet: get the session and XSRF cookies first. */
export async function ensureSession(): Promise<void> {
  if (!readCookie('XSRF-TOKEN')) await fetchCsrfCookie();
}
