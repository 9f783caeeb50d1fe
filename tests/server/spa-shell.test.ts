// The HTML a page request gets from a build (server/spa.ts): the route's chunks named for preloading
// and its first API answers inline, so a phone needs no second round trip before the page can show.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { OutboxMailer } from '../../server/gateways/mail';
import { warmLandingPages } from '../../server/spa';
import { BOOT_DATA_ELEMENT_ID } from '../../src/shared/boot-data';
import { startTestServer, type Json, type TestServer } from './support/test-server';

let server: TestServer;
let dist: string;
let baseUrl: string;
let close: () => Promise<void>;

// What `vite build` writes, reduced to the entries the shell reads.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-aaa.js',
    isEntry: true,
    imports: ['_shared-bbb.js'],
    css: ['assets/index-ccc.css'],
  },
  '_shared-bbb.js': { file: 'assets/shared-bbb.js' },
  '_cards-ddd.js': { file: 'assets/cards-ddd.js', imports: ['_shared-bbb.js'] },
  'src/views/layouts/public-layout.tsx': {
    file: 'assets/public-layout-eee.js',
    isDynamicEntry: true,
    imports: ['_shared-bbb.js'],
  },
  'src/views/layouts/auth-layout.tsx': { file: 'assets/auth-layout-fff.js', isDynamicEntry: true },
  'src/views/pages/public/home-page.tsx': {
    file: 'assets/home-page-ggg.js',
    isDynamicEntry: true,
    imports: ['_cards-ddd.js'],
  },
  'src/views/pages/public/classes-page.tsx': {
    file: 'assets/classes-page-hhh.js',
    isDynamicEntry: true,
    imports: ['_cards-ddd.js'],
  },
  'src/views/pages/public/faqs-page.tsx': { file: 'assets/faqs-page-iii.js', isDynamicEntry: true },
  'src/views/pages/auth/sign-in-page.tsx': { file: 'assets/sign-in-page-jjj.js', isDynamicEntry: true },
  'src/views/styles/mantine-full.ts': {
    file: 'assets/mantine-full-kkk.css',
    src: 'src/views/styles/mantine-full.ts',
  },
};
const INDEX_HTML =
  '<!doctype html><html><head><title>Somesha</title>' +
  '<script type="module" crossorigin src="/assets/index-aaa.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-bbb.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-ccc.css"></head>' +
  '<body><div id="root"></div></body></html>';

beforeAll(async () => {
  server = await startTestServer();
  dist = await mkdtemp(path.join(tmpdir(), 'somesha-shell-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dist, 'assets', 'index-aaa.js'), 'console.log("app")');
  // Same database, another app instance pointed at the fake build.
  const app = await buildApp({
    db: server.db,
    mailer: new OutboxMailer(server.db),
    config: testConfig({ distDir: dist }),
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
});
afterAll(async () => {
  await close();
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(url: string): Promise<string> {
  const response = await fetch(`${baseUrl}${url}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return response.text();
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

function bootData(html: string): Record<string, Json> | null {
  const found = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return found ? (JSON.parse(found[1] ?? '') as Record<string, Json>) : null;
}

describe('the page shell', () => {
  it("preloads the route's layout and screen chunks that index.html does not already name", async () => {
    const html = await page('/');
    expect(preloads(html)).toEqual([
      '/assets/shared-bbb.js',
      '/assets/public-layout-eee.js',
      '/assets/cards-ddd.js',
      '/assets/home-page-ggg.js',
    ]);
    // The landing pages get by with the public stylesheet.
    expect(stylesheets(html)).toEqual(['/assets/index-ccc.css']);
    expect(preloads(await page('/classes?subject=mathematics'))).toContain('/assets/classes-page-hhh.js');
  });

  it("adds Mantine's full stylesheet for every other screen", async () => {
    const faqs = await page('/faqs');
    expect(preloads(faqs)).toEqual([
      '/assets/shared-bbb.js',
      '/assets/public-layout-eee.js',
      '/assets/faqs-page-iii.js',
    ]);
    expect(stylesheets(faqs)).toEqual(['/assets/index-ccc.css', '/assets/mantine-full-kkk.css']);
    const signIn = await page('/sign-in');
    expect(preloads(signIn)).toContain('/assets/sign-in-page-jjj.js');
    expect(stylesheets(signIn)).toContain('/assets/mantine-full-kkk.css');
  });

  it('carries the API answers the home page, the classes list and a lesson view ask for first', async () => {
    const home = bootData(await page('/'));
    expect(home).toEqual({ '/api/web': (await server.browser().get('/api/web')).body });

    // Keyed as the list asks (src/machines/load-machine.ts `normaliseQuery`): page 1 is no key.
    const classes = bootData(await page('/classes?type=revision&page=1&ignored=x'));
    expect(Object.keys(classes ?? {})).toEqual(['/api/web/classes?type=revision']);
    expect(classes?.['/api/web/classes?type=revision']).toEqual(
      (await server.browser().get('/api/web/classes?type=revision&page=1')).body,
    );
    expect(Object.keys(bootData(await page('/classes?page=2')) ?? {})).toEqual(['/api/web/classes?page=2']);

    const code = (await server.browser().get('/api/web/lessons?per_page=1')).body.data[0].code as string;
    const lesson = bootData(await page(`/lessons/view/${code}`));
    expect(lesson?.[`/api/web/lessons/${code}`]).toMatchObject({ data: { code } });
  });

  it('answers a lesson code that does not exist or is not public with 404, and says so to the page', async () => {
    for (const url of ['/lessons/view/NO-SUCH-LESSON', '/lessons/show?code=NO-SUCH-LESSON']) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status, url).toBe(url.startsWith('/lessons/view') ? 404 : 200);
      if (response.status === 404) {
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(bootData(await response.text())).toEqual({
          '/api/web/lessons/NO-SUCH-LESSON': { not_found: true },
        });
      }
    }
    const code = (await server.browser().get('/api/web/lessons?per_page=1')).body.data[0].code as string;
    expect((await fetch(`${baseUrl}/lessons/view/${code}`)).status).toBe(200);
  });

  it("carries a class page's class, and answers an unknown class with 404 and says so to the page (classpage)", async () => {
    const listed = (await server.browser().get('/api/web/classes?per_page=1')).body.data[0];
    const shown = bootData(await page(`/classes/view/${listed.id}`));
    expect(shown).toEqual({
      [`/api/web/classes/${listed.id}`]: (await server.browser().get(`/api/web/classes/${listed.id}`)).body,
    });
    const missing = await fetch(`${baseUrl}/classes/view/999999`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(bootData(await missing.text())).toEqual({ '/api/web/classes/999999': { not_found: true } });
  });

  it("carries a teacher profile's answer, answers an unknown or unapproved teacher with 404, and moves the old dialog address", async () => {
    const grace = (await server.browser().get('/api/web/teachers?q=grace')).body.data[0];
    const profile = bootData(await page(`/teachers/${grace.id}/grace-mwangi`));
    expect(profile?.[`/api/web/teachers/${grace.id}`]).toMatchObject({
      data: { id: grace.id, first_name: 'Grace', rating: { count: expect.any(Number) } },
    });
    for (const id of ['999999', '999999/someone']) {
      const response = await fetch(`${baseUrl}/teachers/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
    const moved = await fetch(`${baseUrl}/teachers?teacher=${grace.id}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/teachers/${grace.id}`);
    expect((await fetch(`${baseUrl}/teachers?q=grace`, { redirect: 'manual' })).status).toBe(200);
  });

  it('leaves out answers that are not a success, and sends no one signed in from a protected page to sign-in', async () => {
    expect((await server.browser().get('/api/web/classes?page=0')).status).toBe(422);
    expect(bootData(await page('/classes?page=0'))).toBeNull();
    // signedin (issue 27): a protected page is the signed-in user's own (tests/server/signed-in-pages.test.ts).
    for (const url of ['/workspace', '/wallet?x=1']) {
      const response = await fetch(`${baseUrl}${url}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/sign-in?redirect=${encodeURIComponent(url)}`);
    }
  });

  it('keeps text from users as data inside the script element', async () => {
    const student = server.browser();
    await student.signIn('student@example.com');
    const filters = (await server.browser().get('/api/web/filters')).body.data;
    // `$\`` and `$'` would pull the page's own markup in if the server used a replacement string.
    const title = "Why </script><script>window.pwned = 1</script> & <!-- $` $' fails?";
    const asked = await student.post('/api/questions/store', {
      subject_id: filters.subjects[0].id,
      grade_level_id: filters.grade_levels[0].id,
      title,
      body: 'Asking whether a script tag in a title could break the page that lists it.',
    });
    expect(asked.status).toBe(201);
    const html = await page('/');
    expect(html).not.toContain('</script><script>window.pwned');
    expect(html).not.toContain('<!--');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    const questions = (bootData(html)?.['/api/web'] as Json).data.questions as Json[];
    expect(questions.map((question) => question.title)).toContain(title);
  });
});

describe('the start-up warm-up', () => {
  let warm: FastifyInstance;
  beforeAll(async () => {
    // Like `npm start`: the build, and the public cache following the database's changes.
    warm = await buildApp({
      db: server.db,
      mailer: new OutboxMailer(server.db),
      config: testConfig({ distDir: dist }),
      publicData: { changes: server.publicDataChanges },
    });
  });
  afterAll(() => warm.close());

  const visit = async (url: string) => {
    const hitsBefore = warm.publicCache.stats.hits;
    const reply = await warm.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
    return { html: reply.body, fromCache: warm.publicCache.stats.hits > hitsBefore };
  };

  it('has the landing pages ready before the first visitor, with the same data a render gives', async () => {
    expect(warm.publicCache.stats.stored).toBe(0);
    await warmLandingPages(warm);
    const code = (await server.browser().get('/api/web/lessons?per_page=1')).body.data[0].code as string;

    const home = await visit('/');
    expect(home.fromCache).toBe(true);
    expect(bootData(home.html)).toEqual({ '/api/web': (await server.browser().get('/api/web')).body });
    const classes = await visit('/classes');
    expect(classes.fromCache).toBe(true);
    expect(bootData(classes.html)?.['/api/web/classes']).toEqual(
      (await server.browser().get('/api/web/classes')).body,
    );
    const lesson = await visit(`/lessons/view/${code}`);
    expect(lesson.fromCache).toBe(true);
    expect(bootData(lesson.html)?.[`/api/web/lessons/${code}`]).toMatchObject({ data: { code } });
    const classId = (await server.browser().get('/api/web/classes?per_page=1')).body.data[0].id as number;
    const lessonClass = await visit(`/classes/view/${classId}`);
    expect(lessonClass.fromCache).toBe(true);
    expect(bootData(lessonClass.html)?.[`/api/web/classes/${classId}`]).toMatchObject({
      data: { id: classId },
    });
    // Issue 25: the first teacher's profile too.
    const teacherId = (await server.browser().get('/api/web/teachers?per_page=1')).body.data[0].id as number;
    expect((await visit(`/teachers/${teacherId}`)).fromCache).toBe(true);
    // Another lesson was not warmed: it is rendered when asked for.
    const other = (await server.browser().get('/api/web/lessons?per_page=2')).body.data[1].code as string;
    expect((await visit(`/lessons/view/${other}`)).fromCache).toBe(false);
  });

  it('never stops a start: without a build there is nothing to warm, and nothing breaks', async () => {
    const storedBefore = server.app.publicCache.stats.stored;
    await expect(warmLandingPages(server.app)).resolves.toBeUndefined();
    expect((await server.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(503);
    // Only the lesson, class and teacher lists it looks the first of each up in could be kept.
    expect(server.app.publicCache.stats.stored - storedBefore).toBeLessThanOrEqual(3);

    // A page that cannot be asked for at all is logged and skipped.
    const broken = Fastify();
    await broken.close();
    const warned = vi.spyOn(broken.log, 'warn');
    await expect(warmLandingPages(broken)).resolves.toBeUndefined();
    expect(warned.mock.calls.map(([, message]) => message)).toEqual([
      'warming a landing page failed',
      'warming a landing page failed',
      'warming a landing page failed',
      'warming a landing page failed',
      'warming a landing page failed', // issue 25: the teacher list, for a profile
    ]);
  });
});

describe('hashed assets', () => {
  it('carry only the headers that apply to a script, not the document policies', async () => {
    const response = await fetch(`${baseUrl}/assets/index-aaa.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(await response.text()).toBe('console.log("app")');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
    ]) {
      expect(response.headers.get(name)).toBeNull();
    }
    // The page itself keeps them.
    const html = await fetch(`${baseUrl}/`);
    expect(html.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(html.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Read to the end, so the connection is idle when the server closes.
    expect(await html.text()).toContain('<div id="root">');
  });
});
