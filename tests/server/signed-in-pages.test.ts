// signedin (issue 27): a protected page's HTML is the signed-in user's own. It carries that user's
// first answers (the session, the cart, the unread counts, the page's own data), is sent
// `private, no-store` and never kept in the public cache; no one signed in gets the sign-in redirect.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { OutboxMailer } from '../../server/gateways/mail';
import { BOOT_DATA_ELEMENT_ID } from '../../src/shared/boot-data';
import { todayIn } from '../../src/shared/calendar-days';
import { timetableQuery } from '../../src/shared/timetable-place';
import { startTestServer, type Browser, type Json, type TestServer } from './support/test-server';

let server: TestServer;
let dist: string;
let app: FastifyInstance;

const INDEX_HTML =
  '<!doctype html><html><head><title>Somesha</title>' +
  '<script type="module" crossorigin src="/assets/index-aaa.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-ccc.css"></head>' +
  '<body><div id="root"></div></body></html>';

beforeAll(async () => {
  server = await startTestServer();
  dist = await mkdtemp(path.join(tmpdir(), 'somesha-signedin-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  // Like `npm start`: a build, and the public cache following the database's changes.
  app = await buildApp({
    db: server.db,
    mailer: new OutboxMailer(server.db),
    config: testConfig({ distDir: dist }),
    publicData: { changes: server.publicDataChanges },
  });
});
afterAll(async () => {
  await app.close();
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const cookieOf = (browser: Browser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function signedIn(email: string): Promise<Browser> {
  const browser = server.browser();
  await browser.signIn(email);
  return browser;
}

const visit = (url: string, browser?: Browser) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(browser ? { cookie: cookieOf(browser) } : {}) },
  });

function bootData(html: string): Record<string, Json> {
  const found = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return found ? (JSON.parse(found[1] ?? '') as Record<string, Json>) : {};
}

describe('a protected page for no one signed in', () => {
  it('is a redirect to sign-in that brings the user back, never stored', async () => {
    const response = await visit('/lessons/booking?filter=upcoming');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sign-in?redirect=%2Flessons%2Fbooking%3Ffilter%3Dupcoming');
    expect(response.headers['cache-control']).toBe('no-store');
    // Nothing to come back to after signing in through /sign-out.
    expect((await visit('/sign-out')).headers.location).toBe('/sign-in');
  });

  it('is the same for a visitor with a session but no user, and for a session signed out', async () => {
    const visitor = server.browser();
    await visitor.csrf();
    expect((await visit('/workspace', visitor)).headers.location).toBe('/sign-in?redirect=%2Fworkspace');

    const student = await signedIn('student@example.com');
    const cookie = cookieOf(student);
    await student.post('/api/logout');
    const after = await app.inject({ method: 'GET', url: '/timetable', headers: { cookie } });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/sign-in?redirect=%2Ftimetable');
  });
});

describe("a signed-in user's page", () => {
  it('carries their session, cart, unread counts and the page’s first data, as the API answers them', async () => {
    const student = await signedIn('student@example.com');
    const response = await visit('/lessons/booking', student);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const answers = bootData(response.body);
    const keys = [
      '/api/user',
      '/api/cart',
      '/api/notifications?per_page=10',
      '/api/messages?per_page=1',
      '/api/lessons/bookings',
    ];
    expect(Object.keys(answers).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(answers[key], key).toEqual((await student.get(key)).body);
    expect(answers['/api/user']).toMatchObject({ data: { email: 'student@example.com' } });
  });

  it("carries the page's query, the lesson of /lessons/show/:code and the timetable's week in Nairobi", async () => {
    const student = await signedIn('student@example.com');
    const filtered = bootData((await visit('/lessons/booking?filter=past&page=1&x=y', student)).body);
    expect(filtered['/api/lessons/bookings?filter=past']).toEqual(
      (await student.get('/api/lessons/bookings?filter=past')).body,
    );

    const code = (await student.get('/api/lessons/bookings')).body.data[0]?.code as string;
    expect(code).toBeTruthy();
    const lesson = bootData((await visit(`/lessons/show/${code}`, student)).body);
    expect(lesson[`/api/lessons/show/${code}`]).toMatchObject({ data: { code } });

    const week = timetableQuery({ view: 'week', anchor: todayIn(), studentId: null });
    const timetable = bootData((await visit('/timetable', student)).body);
    const key = `/api/timetable?from=${week.from}&to=${week.to}`;
    expect(timetable[key]).toEqual((await student.get(key)).body);
    const month = bootData((await visit('/timetable?view=month&date=2026-02-11', student)).body);
    expect(Object.keys(month)).toContain('/api/timetable?from=2026-02-01&to=2026-02-28');
  });

  it("carries a list's default tab as the screen asks for it: the learner's classes, the teacher's lessons", async () => {
    const student = await signedIn('student@example.com');
    const classes = bootData((await visit('/workspace/classes', student)).body);
    expect(classes['/api/student/classes?filter=upcoming']).toEqual(
      (await student.get('/api/student/classes?filter=upcoming')).body,
    );
    const teacher = await signedIn('teacher@example.com');
    const lessons = bootData((await visit('/teaching/lessons?filter=past', teacher)).body);
    expect(lessons['/api/teacher/lessons?filter=past']).toEqual(
      (await teacher.get('/api/teacher/lessons?filter=past')).body,
    );
    expect(lessons['/api/teacher/lessons/create']).toEqual(
      (await teacher.get('/api/teacher/lessons/create')).body,
    );
    expect(Object.keys(bootData((await visit('/teaching/lessons', teacher)).body))).toContain(
      '/api/teacher/lessons?filter=upcoming',
    );
  });

  it('carries the session answers on pages without data of their own (an admin page)', async () => {
    const admin = await signedIn('admin@example.com');
    const answers = bootData((await visit('/admin/users', admin)).body);
    expect(answers['/api/user']).toMatchObject({ data: { email: 'admin@example.com' } });
    expect(Object.keys(answers)).toContain('/api/cart');
  });

  it('is never kept in the public cache, and each user gets their own', async () => {
    const storedBefore = app.publicCache.stats.stored;
    const student = await signedIn('student@example.com');
    const parent = await signedIn('parent@example.com');
    for (const url of ['/workspace', '/lessons/booking', '/timetable']) {
      const first = bootData((await visit(url, student)).body);
      const second = bootData((await visit(url, parent)).body);
      expect(first['/api/user']).toMatchObject({ data: { email: 'student@example.com' } });
      expect(second['/api/user']).toMatchObject({ data: { email: 'parent@example.com' } });
      expect(JSON.stringify(second)).not.toContain('student@example.com');
      expect(app.publicCache.peek(`page ${url}`)).toBeNull();
      // Signed out again, the same path is the redirect, not a page someone saw.
      expect((await visit(url)).statusCode).toBe(302);
    }
    expect(app.publicCache.stats.stored).toBe(storedBefore);
  });
});
