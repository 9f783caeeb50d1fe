// A tiny Sanctum-like API for msw: CSRF cookie, login checked against one account, current user.
import { http, HttpResponse } from 'msw';
import { t } from '@/shared/messages';

export const wireStudent = {
  id: 1,
  first_name: 'Wanjiku',
  email: 'student@example.com',
  roles: [{ id: 1, name: 'student' }],
  student: { id: 11, profile_completed: true },
};

/** Records the calls it answers in `calls`. */
export function sanctumApi(calls: string[]) {
  let signedIn = false;
  return [
    http.get('*/sanctum/csrf-cookie', () => {
      calls.push('csrf');
      return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=tok%3D1; Path=/' } });
    }),
    http.post('*/api/login', async ({ request }) => {
      calls.push(`login ${request.headers.get('x-xsrf-token')}`);
      const body = (await request.json()) as { email: string; password: string };
      if (body.password !== 'Passw0rd!') {
        return HttpResponse.json({ message: t('auth.invalidCredentials') }, { status: 422 });
      }
      signedIn = true;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/user', () => {
      calls.push('user');
      return signedIn
        ? HttpResponse.json({ data: wireStudent })
        : HttpResponse.json({ message: t('auth.unauthenticated') }, { status: 401 });
    }),
  ];
}
