// What the fake API's newer handler files (reports, withdrawals, a teacher's lesson) answer alike: JSON,
// a 422 with the first error as its message, the sign-in/anti-forgery/role guard, and a page of a list.
import { HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { api } from './handlers';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

export const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
export const invalid = (errors: Record<string, string[]>) =>
  json({ message: Object.values(errors)[0]?.[0] ?? t('validation.general'), errors }, 422);

/** 401 signed out, 419 without the anti-forgery header, 403 without `role`. */
export function guard(request: Request, role?: string): Response | null {
  const account = api.current();
  if (!account) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF)
    return json({ message: t('auth.csrfMismatch') }, 419);
  const roles = ((account.user.roles as Array<{ name: string }>) ?? []).map((each) => each.name);
  if (role && !roles.includes(role)) return json({ message: t('auth.unauthorized') }, 403);
  return null;
}

/** One page of `items` as `?page` and `?per_page` ask (15 a page by default). */
export function paged(items: Wire[], query: URLSearchParams): Wire {
  const perPage = Number(query.get('per_page') ?? 15);
  const page = Number(query.get('page') ?? 1);
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(items.length / perPage)),
      per_page: perPage,
      total: items.length,
    },
  };
}
