// signedin (issue 27): the pages a learner opens every day arrive rendered for them. Their first HTML
// (read without running a script) holds the page's content for the signed-in user; the browser takes
// it over without asking again for what it carried and without a hydration error, on a cold load
// that has the cookies but no localStorage; no one signed in gets the sign-in redirect, never a
// cached page; and two users in turn on the one server each get only their own page.
import type { Browser, Page } from 'playwright-core';
import { expect, test } from './support/test';
import { cookieHeader, signInCookies, useCookies, type SessionCookies } from './support/signed-in-cookies';
import { textOf, watchApiCallsAndErrors } from './support/page-watch';

type Json = Record<string, unknown>;

const STUDENT = { email: 'student@example.com', name: 'Wanjiru Kamau' };
const PARENT = { email: 'parent@example.com', name: 'Peter Otieno' };

// Login is rate-limited per e-mail: each account signs in once for the whole file.
const sessions = new Map<string, Promise<SessionCookies>>();
const sessionOf = (baseUrl: string, email: string) => {
  if (!sessions.has(email)) sessions.set(email, signInCookies(baseUrl, email));
  return sessions.get(email) as Promise<SessionCookies>;
};

/** The answers the page's HTML carries (src/shared/boot-data.ts), by key. */
function bootData(html: string): Json {
  const found = /<script type="application\/json" id="somesha-boot-data">([^<]*)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1] ?? '{}') as Json) : {};
}

async function getPage(baseUrl: string, path: string, cookies?: SessionCookies) {
  return fetch(new URL(path, baseUrl), {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookies ? { cookie: cookieHeader(cookies) } : {}) },
  });
}

async function api(baseUrl: string, path: string, cookies: SessionCookies): Promise<Json> {
  const response = await fetch(new URL(path, baseUrl), {
    headers: { accept: 'application/json', cookie: cookieHeader(cookies) },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Json;
}

type Daily = { path: string; words: string[] };

/** The student's daily pages and what each must show, read from the API as the student. */
async function dailyPages(baseUrl: string, cookies: SessionCookies): Promise<Daily[]> {
  const bookings = (await api(baseUrl, '/api/lessons/bookings', cookies)).data as Array<{
    code: string;
    topic?: { name: string } | null;
  }>;
  const booked = bookings[0];
  expect(booked, 'the demo student has a booking').toBeTruthy();
  const title = booked?.topic?.name ?? `Lesson ${booked?.code}`;
  return [
    { path: '/workspace', words: ['Hello, Wanjiru', 'Activity', STUDENT.name] },
    { path: '/lessons/booking', words: ['Lesson bookings', title, STUDENT.name] },
    { path: `/lessons/show/${booked?.code}`, words: [title, `${booked?.code}`, STUDENT.name] },
    { path: '/timetable', words: ['Timetable', 'Your booked lessons', STUDENT.name] },
  ];
}

async function settledOnContent(page: Page, words: string[]) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  for (const word of words) await page.getByText(word).filter({ visible: true }).first().waitFor();
  await expect
    .poll(() => page.getByRole('status', { name: /^Loading/ }).count(), { timeout: 15_000 })
    .toBe(0);
}

/**
 * Opens `path` in a new context holding only the cookies (as on a phone's first visit): it must stay
 * there, hydrate without a logged error, and ask for none of the answers its HTML carried.
 */
async function coldLoad(browser: Browser, baseUrl: string, cookies: SessionCookies, { path, words }: Daily) {
  // A new context for each page: the cookies and nothing else, as on a phone's first visit.
  const context = await browser.newContext({ baseURL: baseUrl });
  await useCookies(context, baseUrl, cookies);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const { calls, errors } = watchApiCallsAndErrors(page);
  const response = await page.goto(path);
  const carried = Object.keys(bootData((await response?.text()) ?? ''));
  expect(carried, path).toEqual(expect.arrayContaining(['/api/user', '/api/cart']));
  await settledOnContent(page, words.slice(0, 2));
  // The session's live stream opens once the app runs signed in; what started with it has asked by then.
  await expect.poll(() => calls.includes('/api/events'), { timeout: 15_000 }).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(new URL(page.url()).pathname, 'stays on the page (no sign-in redirect)').toBe(
    new URL(path, baseUrl).pathname,
  );
  expect(errors, `${path} hydrates without errors`).toEqual([]);
  expect(
    calls.filter((call) => carried.includes(call)),
    `${path} asks for none of the answers its HTML carried`,
  ).toEqual([]);
  await context.close();
}

test.describe('signed-in daily pages', () => {
  test('arrive rendered for the signed-in user, private and with their first data', async ({ baseUrl }) => {
    const cookies = await sessionOf(baseUrl, STUDENT.email);
    for (const { path, words } of await dailyPages(baseUrl, cookies)) {
      const response = await getPage(baseUrl, path, cookies);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await response.text();
      expect(html, path).toMatch(/<div id="root" data-server-rendered="\d+">/);
      const text = textOf(html);
      for (const word of words) expect(text, `${path} carries "${word}"`).toContain(word);
      // The page, not its loader (a part below it, such as an ended lesson's review, may load after).
      expect(html, path).not.toMatch(/role="status" aria-label="Loading/);
      expect(bootData(html)['/api/user'], path).toMatchObject({ data: { email: STUDENT.email } });
    }
  });

  test('a cold load with only the cookies stays on the page, hydrates it and asks nothing it carried', async ({
    browser,
    baseUrl,
  }) => {
    const cookies = await sessionOf(baseUrl, STUDENT.email);
    const pages = await dailyPages(baseUrl, cookies);
    for (const daily of pages) await coldLoad(browser, baseUrl, cookies, daily);
    // A parent's pages name the child each lesson is for and offer a choice of child.
    const parent = await sessionOf(baseUrl, PARENT.email);
    await coldLoad(browser, baseUrl, parent, { path: '/workspace', words: ['Hello, Peter'] });
    await coldLoad(browser, baseUrl, parent, { path: '/lessons/booking', words: ['Lesson bookings'] });
    await coldLoad(browser, baseUrl, parent, { path: '/timetable', words: ['Timetable'] });
  });

  test("the learner's classes and the teacher's lessons come rendered from their first list too", async ({
    browser,
    baseUrl,
  }) => {
    const student = await sessionOf(baseUrl, STUDENT.email);
    const teacher = await sessionOf(baseUrl, 'teacher@example.com');
    for (const [cookies, path, heading] of [
      [student, '/workspace/classes', 'Classes'],
      [teacher, '/teaching/lessons', 'My lessons'],
    ] as const) {
      // Rendered on the server too: the heading and the list, not a loader.
      const html = await (await getPage(baseUrl, path, cookies)).text();
      expect(html, path).toMatch(/<div id="root" data-server-rendered="\d+">/);
      expect(textOf(html), path).toContain(heading);
      expect(html, path).not.toMatch(/role="status" aria-label="Loading/);
      await coldLoad(browser, baseUrl, cookies, { path, words: [heading] });
    }
  });

  test('for no one signed in, each is the sign-in redirect, never a page someone saw', async ({
    baseUrl,
  }) => {
    const cookies = await sessionOf(baseUrl, STUDENT.email);
    for (const { path } of await dailyPages(baseUrl, cookies)) {
      // The student's page first: were it kept anywhere, the next visitor would get it.
      expect((await getPage(baseUrl, path, cookies)).status, path).toBe(200);
      const response = await getPage(baseUrl, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(`/sign-in?redirect=${encodeURIComponent(path)}`);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(await response.text(), path).not.toContain(STUDENT.name);
    }
  });

  test('two users in turn on one server each get only their own page', async ({ baseUrl }) => {
    const student = await sessionOf(baseUrl, STUDENT.email);
    const parent = await sessionOf(baseUrl, PARENT.email);
    const paths = ['/workspace', '/lessons/booking', '/timetable'];
    for (const path of paths) {
      for (const [own, other, cookies] of [
        [STUDENT, PARENT, student],
        [PARENT, STUDENT, parent],
        [STUDENT, PARENT, student],
      ] as const) {
        const response = await getPage(baseUrl, path, cookies);
        expect(response.status, `${path} for ${own.email}`).toBe(200);
        const html = await response.text();
        expect(textOf(html), `${path} for ${own.email}`).toContain(own.name);
        expect(html, `${path} for ${own.email}`).toContain(own.email);
        // The other's name may be in one's own data (the parent liked the student's answer); their
        // account, their menu and their e-mail address never.
        expect(html, `${path} for ${own.email}`).toContain(`User menu for ${own.name}`);
        expect(html, `${path} for ${own.email} carries nothing of ${other.email}`).not.toContain(other.email);
        expect(html, `${path} for ${own.email}`).not.toContain(`User menu for ${other.name}`);
      }
    }
  });

  test("a phone whose clock is past the lesson's next moment hydrates its page, then follows its own clock", async ({
    browser,
    baseUrl,
  }) => {
    // The server renders "Starts in 8 minutes" (or Live now) at its time; a phone's clock is never the
    // server's, and the page may take a while to arrive. Here the phone's clock is already past the
    // lesson's next moment (its start, or its end once it has started), so every time-dependent part
    // (the badge, the Join panel) differs between the two clocks: hydration must read the time the page
    // was made (src/views/hydration.ts `useNow`), and only the render after it the phone's clock.
    const cookies = await sessionOf(baseUrl, STUDENT.email);
    const booked = (
      (await api(baseUrl, '/api/lessons/bookings?filter=upcoming', cookies)).data as Array<{
        code: string;
        start_at: string;
        end_at: string;
      }>
    )[0];
    expect(booked, 'the demo student has an upcoming booking').toBeTruthy();
    const startAt = Date.parse(booked?.start_at ?? '');
    const endAt = Date.parse(booked?.end_at ?? '');
    expect(endAt, 'the booking has a start and an end').toBeGreaterThan(startAt);
    const started = startAt <= Date.now();
    const context = await browser.newContext({ baseURL: baseUrl });
    await useCookies(context, baseUrl, cookies);
    const page = await context.newPage();
    await page.clock.install({ time: (started ? endAt : startAt) + 1_000 });
    const { errors } = watchApiCallsAndErrors(page);
    const path = `/lessons/show/${booked?.code}`;
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    expect(textOf(html), 'the server rendered its own moment').toContain(started ? 'Live now' : 'Starts in');
    // After hydration, the phone's clock: the lesson has started, or it has ended.
    await page
      .getByText(started ? 'Ended' : 'Live now', { exact: true })
      .first()
      .waitFor();
    expect(errors, `${path} hydrates without errors`).toEqual([]);
    const renderedAt = Number(/<div id="root" data-server-rendered="(\d+)">/.exec(html)?.[1]);
    expect(renderedAt, 'the page says when it was made').toBeGreaterThan(0);
    await context.close();
  });
});
