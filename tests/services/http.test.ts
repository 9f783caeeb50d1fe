import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError, clearAllCookies, onUnauthorized, request, toCamel, toSnake } from '@/services/http';
import { BOOT_DATA_ELEMENT_ID, BOOT_DATA_FRESH_MS } from '@/shared/boot-data';
import { t } from '@/shared/messages';

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('request', () => {
  it('sends the URL-decoded XSRF-TOKEN cookie as X-XSRF-TOKEN, JSON and snake_case keys', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc=/+def')}; path=/`;
    let seen: { token: string | null; accept: string | null; type: string | null; body: unknown } | null =
      null;
    server.use(
      http.post('*/api/login', async ({ request: req }) => {
        seen = {
          token: req.headers.get('x-xsrf-token'),
          accept: req.headers.get('accept'),
          type: req.headers.get('content-type'),
          body: await req.json(),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(
      request('/api/login', { method: 'POST', body: { email: 'a@b.co', rememberMe: true } }),
    ).resolves.toBeNull();
    expect(seen).toEqual({
      token: 'abc=/+def',
      accept: 'application/json',
      type: expect.stringContaining('application/json'),
      body: { email: 'a@b.co', remember_me: true },
    });
  });

  it('turns a 422 into an ApiError with the server message and camelCase field errors', async () => {
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json(
          {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'], first_name: ['Required'] },
          },
          { status: 422 },
        ),
      ),
    );
    const error = await request('/api/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The email has already been taken.',
      fieldErrors: { email: ['The email has already been taken.'], firstName: ['Required'] },
      data: { message: 'The email has already been taken.' },
    });
  });

  it('falls back to the general message when the server sends none', async () => {
    server.use(http.get('*/api/user', () => new HttpResponse('oops', { status: 500 })));
    await expect(request('/api/user')).rejects.toMatchObject({ status: 500, message: expect.any(String) });
    server.use(http.get('*/api/user', () => HttpResponse.error()));
    await expect(request('/api/user')).rejects.toMatchObject({ status: 0, message: t('messages.general') });
  });

  it('retries a failed GET once but never a write', async () => {
    let reads = 0;
    let writes = 0;
    server.use(
      http.get('*/api/notifications', () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json({ message: 'busy' }, { status: 503 })
          : HttpResponse.json({ data: [] });
      }),
      http.post('*/api/cart/store', () => {
        writes += 1;
        return HttpResponse.json({ message: 'busy' }, { status: 503 });
      }),
    );
    await expect(request('/api/notifications')).resolves.toEqual({ data: [] });
    expect(reads).toBe(2);
    await expect(request('/api/cart/store', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 503,
      message: 'busy',
    });
    expect(writes).toBe(1);
  });

  it('on a 401 clears every cookie and tells the listeners, until they unsubscribe', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    document.cookie = 'theme=dark; path=/';
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    );
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);

    await expect(request('/api/user')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(document.cookie).toBe('');

    unsubscribe();
    await expect(request('/api/user')).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('helpers', () => {
  it('clearAllCookies deletes every cookie a script can read', () => {
    document.cookie = 'a=1; path=/';
    document.cookie = 'b=2; path=/';
    clearAllCookies();
    expect(document.cookie).toBe('');
  });

  it('renames keys deeply both ways', () => {
    expect(
      toCamel({ first_name: 'A', roles: [{ role_id: 1 }], nested: { display_photo_url: null } }),
    ).toEqual({
      firstName: 'A',
      roles: [{ roleId: 1 }],
      nested: { displayPhotoUrl: null },
    });
    expect(toSnake({ passwordConfirmation: 'x', subjectIds: [1, 2], child: { gradeLevelId: 3 } })).toEqual({
      password_confirmation: 'x',
      subject_ids: [1, 2],
      child: { grade_level_id: 3 },
    });
  });
});

describe('answers the page carried in its HTML', () => {
  // The page has just opened (its answers are fresh), however long this worker has been running.
  beforeEach(() => {
    vi.spyOn(performance, 'now').mockReturnValue(0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function carry(answers: Record<string, unknown>) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = BOOT_DATA_ELEMENT_ID;
    element.textContent = JSON.stringify(answers);
    document.body.append(element);
  }

  it('answers the first GET of that path and query without a call, and asks the server after that', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/web/classes', ({ request: req }) => {
        calls.push(new URL(req.url).search);
        return HttpResponse.json({ data: ['from the server'] });
      }),
    );
    carry({ '/api/web/classes?page=2&type=revision': { data: ['from the page'] } });
    // Same query in another order, and an undefined value that is never sent.
    const query = { type: 'revision', subject: undefined, page: 2 };
    await expect(request('/api/web/classes', { query })).resolves.toEqual({ data: ['from the page'] });
    expect(calls).toEqual([]);
    expect(document.getElementById(BOOT_DATA_ELEMENT_ID)).toBeNull();
    await expect(request('/api/web/classes', { query })).resolves.toEqual({ data: ['from the server'] });
    expect(calls).toEqual(['?type=revision&page=2']);
  });

  it('never answers another query or a write from it', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/web/classes', ({ request: req }) => {
        seen.push(`GET ${new URL(req.url).search}`);
        return HttpResponse.json({ data: 'server' });
      }),
      http.post('*/api/web/newsletter', () => {
        seen.push('POST');
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    carry({ '/api/web/classes?page=2': { data: 'page' }, '/api/web/newsletter': { message: 'page' } });
    await expect(request('/api/web/classes', { query: { page: 3 } })).resolves.toEqual({ data: 'server' });
    await expect(
      request('/api/web/newsletter', { method: 'POST', body: { email: 'a@b.co' } }),
    ).resolves.toEqual({
      message: 'ok',
    });
    expect(seen).toEqual(['GET ?page=3', 'POST']);
  });

  it('asks the server when the page has been open longer than the answers stay fresh', async () => {
    server.use(http.get('*/api/web', () => HttpResponse.json({ data: 'server' })));
    carry({ '/api/web': { data: 'page' } });
    const now = vi.spyOn(performance, 'now').mockReturnValue(BOOT_DATA_FRESH_MS + 1);
    try {
      await expect(request('/api/web')).resolves.toEqual({ data: 'server' });
    } finally {
      now.mockRestore();
    }
  });
});
