// Public lessons (docs/catalogue-api.md); putting one in the cart is `addCartItem` (cart-service.ts).
import { initialDecoded, readCookie, request } from './http';
import { fetchCsrfCookie } from './auth-service';
import { dataOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeLesson, type Lesson } from './schemas/web';

export async function fetchLesson(code: string): Promise<Lesson> {
  return decodeLesson(dataOf(await request(`/api/web/lessons/${encodeURIComponent(code)}`)));
}

/** The lesson the page's HTML carries, if any (src/services/http.ts `initialAnswer`). */
export function initialLesson(code: string): Lesson | undefined {
  return initialDecoded(`/api/web/lessons/${encodeURIComponent(code)}`, undefined, (answer) => decodeLesson(dataOf(answer)));
}

export async function fetchLessons(query: ListQuery = {}): Promise<ListPage<Lesson>> {
  const answer = await request('/api/web/lessons', {
    query: pick(query, ['subject', 'grade_level', 'curriculum', 'page', 'per_page']),
  });
  return decodePage(answer, decodeLesson);
}

/** A visitor's first write has no session yet: get the session and XSRF cookies first. */
export async function ensureSession(): Promise<void> {
  if (!readCookie('XSRF-TOKEN')) await fetchCsrfCookie();
}
