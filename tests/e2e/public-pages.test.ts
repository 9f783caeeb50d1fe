// Every public route renders with its title and passes axe-core without serious or critical
// violations; an unknown path shows the 404 page. Against the real server and seed.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { seriousViolations } from './support/axe';
import { cartCodes } from './support/commerce';
import { expect, test } from './support/test';
import { holdScripts, textOf, watchApiCallsAndErrors } from './support/page-watch';

/** Waits until no loader is on screen, so axe sees the loaded (or failed) page, not a spinner. */
async function settled(page: Page): Promise<void> {
  await page.locator('main, [role="main"], footer').first().waitFor();
  await expect
    .poll(() => page.getByRole('status', { name: /^Loading/ }).count(), { timeout: 15_000 })
    .toBe(0);
}

async function aLessonCode(baseUrl: string): Promise<string> {
  const response = await fetch(new URL('/api/web/lessons?per_page=1', baseUrl));
  expect(response.status, 'GET /api/web/lessons').toBe(200);
  const body = (await response.json()) as { data: Array<{ code: string }> };
  const code = body.data[0]?.code;
  expect(code, 'the seed has an upcoming lesson').toBeTruthy();
  return code as string;
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const ROUTES: Array<[path: string, title: string | RegExp]> = [
  ['/', 'Home | Somesha'],
  ['/classes', 'Classes | Somesha'],
  ['/questions', 'Questions | Somesha'],
  ['/teachers', 'Teachers | Somesha'],
  ['/search', 'Search | Somesha'],
  ['/search?q=mathematics', 'Search | Somesha'],
  ['/about', 'About | Somesha'],
  ['/plans', /^Plans \| Somesha$/],
  ['/faqs', 'FAQs | Somesha'],
  ['/terms', 'Terms and Conditions | Somesha'],
  ['/privacy', 'Privacy Policy | Somesha'],
  ['/page-not-found', 'Page not found | Somesha'],
];

describe('public pages', () => {
  test.for(ROUTES)(
    '%s has its title and no serious or critical accessibility violations on a phone and a desktop',
    async ([path, title], { page }) => {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await settled(page);
        await expect
          .poll(() => page.title())
          .toMatch(
            typeof title === 'string'
              ? new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
              : title,
          );
        expect(await seriousViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
      }
    },
  );

  test('a lesson view has the lesson as its title and no serious or critical accessibility violations', async ({
    page,
    baseUrl,
  }) => {
    const code = await aLessonCode(baseUrl);
    await page.goto(`/lessons/view/${code}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    await settled(page);
    expect(await page.title()).toMatch(/ \| Somesha$/);
    expect(await page.title()).not.toBe('Lesson | Somesha');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS[0]!);
    expect(await seriousViolations(page), 'on a phone').toEqual([]);

    await page.goto(`/lessons/show?code=${encodeURIComponent(code)}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
  });

  // classpage (issue 24)
  test('a /classes card opens its class page, which has the class as its title and no serious or critical accessibility violations', async ({
    page,
  }) => {
    await page.goto('/classes');
    const card = page.getByRole('article').first();
    const title = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/classes\/view\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Buy the whole class' }).waitFor();
    await settled(page);
    expect(await page.title()).toBe(`${title} | Somesha`);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await settled(page);
      expect(await seriousViolations(page), `the class page at ${viewport.width} px`).toEqual([]);
    }
    // Each of its lessons opens the lesson's page.
    const lesson = page
      .getByRole('region', { name: /^Lessons/ })
      .getByRole('link')
      .first();
    const href = await lesson.getAttribute('href');
    expect(href).toMatch(/^\/lessons\/view\//);
  });

  test('a phone landing on home, the classes list or a lesson gets its data and every chunk named in the HTML, and no buying code', async ({
    page,
    baseUrl,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const api: string[] = [];
    let scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
      if (request.resourceType() === 'script') scripts.push(url.pathname);
    });
    /** Loads `path` until it settles; returns the script paths it fetched that its HTML did not name. */
    async function unnamedScripts(path: string, ready: () => Promise<void>): Promise<string[]> {
      scripts = [];
      const response = await page.goto(path);
      const html = (await response?.text()) ?? '';
      await ready();
      await settled(page);
      const named = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
      expect(named.size).toBeGreaterThan(3);
      return scripts.filter((script) => !named.has(script));
    }

    expect(await unnamedScripts('/', () => page.getByRole('heading', { level: 1 }).waitFor())).toEqual([]);
    // A visitor reading the home page downloads none of the buying code (it comes with the cart):
    // no script it loaded defines the checkout, payment or remove-item machine, whatever the
    // chunk's name. (The root app machine, which is there, names the events it routes between them,
    // so their event names alone prove nothing; a machine's definition carries its id.)
    const homeScripts = await Promise.all(
      scripts.map(async (script) => (await page.request.get(script)).text()),
    );
    expect(homeScripts.length).toBeGreaterThan(3);
    const commerceMachine = /\bid:\s*["'`](checkout|payment|removeItem)["'`]/;
    expect(homeScripts.filter((code) => commerceMachine.test(code))).toEqual([]);
    expect(
      await unnamedScripts('/classes?type=revision', () => page.getByRole('article').first().waitFor()),
    ).toEqual([]);
    const code = await aLessonCode(baseUrl);
    expect(
      await unnamedScripts(`/lessons/view/${code}`, () =>
        page.getByRole('button', { name: 'Add to cart' }).waitFor(),
      ),
    ).toEqual([]);
    // The HTML carried the list and the lesson, and a phone keeps the filters closed: no call went out.
    expect(api.filter((call) => /^\/api\/web\/(classes|filters|lessons\/)/.test(call))).toEqual([]);
  });

  test('home, the classes list and a lesson view arrive rendered, and the app takes them over without asking again', async ({
    page,
    baseUrl,
  }) => {
    const api = async (path: string) => {
      const response = await fetch(new URL(path, baseUrl), { headers: { accept: 'application/json' } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as { data: unknown };
    };
    const code = await aLessonCode(baseUrl);
    const home = (await api('/api/web')).data as { classes: Array<{ title: string }> };
    const classes = (await api('/api/web/classes')).data as Array<{ id: number; title: string }>;
    const lesson = (await api(`/api/web/lessons/${code}`)).data as {
      topic: { name: string } | null;
      teacher: { first_name: string } | null;
    };
    expect(home.classes.length, 'the seed features classes').toBeGreaterThan(0);
    expect(classes.length).toBeGreaterThan(1);
    const lessonClass = (await api(`/api/web/classes/${classes[0]!.id}`)).data as {
      lessons: Array<{ topic: { name: string } | null }>;
      teacher: { first_name: string };
    };
    const pages: Array<[path: string, expected: string[]]> = [
      ['/', ["Learn from Kenya's best teachers, online", 'Featured classes', home.classes[0]!.title]],
      ['/classes', ['Classes', classes[0]!.title, classes[1]!.title]],
      [
        `/lessons/view/${code}`,
        [lesson.topic?.name ?? code, 'Add to cart', lesson.teacher?.first_name ?? code],
      ],
      [
        `/classes/view/${classes[0]!.id}`,
        [
          classes[0]!.title,
          'Buy the whole class',
          lessonClass.teacher.first_name,
          lessonClass.lessons[0]?.topic?.name ?? 'Lessons',
        ],
      ],
    ];

    await page.setViewportSize({ width: 390, height: 844 });
    const { calls, errors } = watchApiCallsAndErrors(page);
    for (const [path, expected] of pages) {
      // The first response, read without running any script: the real page, not a loader.
      const response = await fetch(new URL(path, baseUrl));
      const html = await response.text();
      expect(html, path).toMatch(/<div id="root" data-server-rendered="\d+">/);
      const text = textOf(html);
      for (const words of expected) expect(text, `${path} carries "${words}"`).toContain(words);
      expect(text, path).not.toContain('Loading');

      // The browser hydrates that page: no error (a mismatch would be one), no call for its data.
      calls.length = 0;
      errors.length = 0;
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
      await page.waitForLoadState('networkidle');
      for (const words of expected.slice(1))
        await page.getByText(words).filter({ visible: true }).first().waitFor();
      expect(errors, `${path} hydrates without errors`).toEqual([]);
      expect(
        calls.filter((call) => /^\/api\/web(\?|$)|^\/api\/web\/(classes|lessons\/)/.test(call)),
        `${path} asks for none of the data its HTML carried`,
      ).toEqual([]);
    }
  });

  test('drawers opened on a landing page arrive with their styles', async ({ page, baseUrl }) => {
    // The landing pages ship only the public stylesheet; an overlay brings Mantine's full one.
    const drawerPosition = (name: string) =>
      page
        .getByRole('dialog', { name })
        .evaluate((dialog) => getComputedStyle(dialog.closest('.mantine-Drawer-inner') ?? dialog).position);
    await page.setViewportSize({ width: 390, height: 844 });
    const code = await aLessonCode(baseUrl);
    await page.goto(`/lessons/view/${code}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).waitFor();
    expect(await drawerPosition('Your cart')).toBe('fixed');

    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Mobile' })
        .evaluate((nav) => getComputedStyle(nav.closest('.mantine-Drawer-inner') ?? nav).position),
    ).toBe('fixed');
  });

  test('a tap on "Add to cart" before the app has loaded is not lost: the cart opens with the lesson', async ({
    page,
    baseUrl,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const code = await aLessonCode(baseUrl);
    // The scripts held back, as on a slow connection: the page is there, the app not yet.
    const { release, restore } = await holdScripts(page);
    const { errors } = watchApiCallsAndErrors(page);
    await page.goto(`/lessons/view/${code}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    expect(await cart.count(), 'nothing happens before the app is there').toBe(0);

    release();
    await cart.waitFor();
    await expect.poll(() => cartCodes(page)).toEqual([code]);
    // The page's inline script ran under the content security policy (a refused one logs an error).
    expect(errors).toEqual([]);
    await restore();
  });

  test('the footer newsletter form is there when a phone visitor scrolls down to it, and checks the address', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
    const field = page.getByRole('textbox', { name: 'Newsletter e-mail' });
    await field.waitFor();
    await field.fill('not-an-address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
  });

  test('a lesson code that does not exist answers 404 with the not-found page, rendered and after the app takes over', async ({
    page,
    baseUrl,
  }) => {
    const response = await fetch(new URL('/lessons/view/SOM-NO-SUCH', baseUrl));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
    const visit = await page.goto('/lessons/view/SOM-NO-SUCH');
    expect(visit?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await settled(page);
    expect(await page.getByText('Error loading this lesson.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  test('a class that does not exist answers 404 with the not-found page, rendered and after the app takes over', async ({
    page,
    baseUrl,
  }) => {
    const response = await fetch(new URL('/classes/view/999999', baseUrl));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
    const visit = await page.goto('/classes/view/999999');
    expect(visit?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await settled(page);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  // Issue 25: a teacher's profile, a landing page like the three above.
  test("a teacher's profile arrives rendered, is taken over without asking again, passes axe on a phone and a desktop, and 404s for an unknown teacher", async ({
    page,
    baseUrl,
  }) => {
    const response = await fetch(new URL('/api/web/teachers?sort=rating&per_page=1', baseUrl));
    const teacher = (
      (await response.json()) as { data: Array<{ id: number; first_name: string; last_name: string }> }
    ).data[0]!;
    const name = `${teacher.first_name} ${teacher.last_name}`;
    const path = `/teachers/${teacher.id}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    // Without scripts: the profile itself, with its reviews, not a loader.
    const html = await (await fetch(new URL(path, baseUrl))).text();
    expect(html).toMatch(/<div id="root" data-server-rendered="\d+">/);
    for (const words of [name, 'Reviews', 'Upcoming lessons', 'Message']) expect(html).toContain(words);
    expect(html).not.toContain('Loading teacher');

    const calls: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/web/teachers')) calls.push(url.pathname);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await settled(page);
      expect(await page.title()).toBe(`${name} | Somesha`);
      expect(await seriousViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
    }
    expect(errors, 'hydrates without errors').toEqual([]);
    expect(calls, 'asks for none of the data its HTML carried').toEqual([]);
    // The seed's reviews, each with its stars.
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByRole('article').first().waitFor();
    expect(await reviews.getByRole('img', { name: /out of 5 stars$/ }).count()).toBeGreaterThan(0);

    const missing = await fetch(new URL('/teachers/999999', baseUrl));
    expect(missing.status).toBe(404);
    const visit = await page.goto('/teachers/999999/nobody');
    expect(visit?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  test("a lesson page's teacher links to the teacher's profile, and the old profile address still opens it", async ({
    page,
    baseUrl,
  }) => {
    const code = await aLessonCode(baseUrl);
    const lesson = (await (await fetch(new URL(`/api/web/lessons/${code}`, baseUrl))).json()) as {
      data: { teacher: { id: number; first_name: string; last_name: string } };
    };
    const name = `${lesson.data.teacher.first_name} ${lesson.data.teacher.last_name}`;
    await page.goto(`/lessons/view/${code}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    await settled(page);
    await page.getByRole('heading', { name }).getByRole('link', { name }).click();
    await page.waitForURL(new RegExp(`/teachers/${lesson.data.teacher.id}/`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('region', { name: 'Reviews' }).waitFor();

    await page.goto(`/teachers?teacher=${lesson.data.teacher.id}`);
    await page.waitForURL(new RegExp(`/teachers/${lesson.data.teacher.id}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('Whoops, 404').waitFor();
    await page.getByText('The page you were looking for does not exist').waitFor();
    expect(await page.title()).toBe('Page not found | Somesha');
  });
});
