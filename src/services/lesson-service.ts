// Public lessons (docs/catalogue-api.md); putting one in the cart is `addCartItem` (cart-service.ts).
import { initialDecoded, readCookie, request } from './http';
import { fetchCsrfCookie } from './auth-service';
import { dataOf } from './envelope';
import { decodeLesson, type Lesson } from './schemas/web';

export async function fetchLesson(code: string): Promise<Lesson> {
  return decodeLesson(dataOf(await request(`/api/web/lessons/${encodeURIComponent(code)}`)));
}

/** The lesson the page's HTML carries, if any (src/services/http.ts `initialAnswer`). */
export function initialLesson(code: string): Lesson | undefined {
  return initialDecoded(`/api/web/lessons/${encodeURIComponent(code)}`, undefined, (answer) => decodeLesson(dataOf(answer)));
}


/** A visitor's first write has no session yet: get the session and XSRF cookies first. */
export async function ensureSession(): Promise<void> {
  if (!readCookie('XSRF-TOKEN')) await fetchCsrfCookie();
}
