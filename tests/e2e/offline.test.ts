// Offline-friendly repeat visits (issue 27 "offline"): the service worker in the real browser, on
// the built app. A second visit with the network cut shows the timetable from what the worker kept,
// with the offline notice; signing out drops what it kept, so the next offline visit shows nothing
// of the user's.
import type { Page } from 'playwright-core';
import { t } from '@/shared/messages';
import { USER_CACHE_PREFIX } from '@/shared/offline';
import { seriousViolations } from './support/axe';
import { signIn, STUDENT } from './support/auth';
import { expect, test } from './support/test';

/** The names of the caches holding a user's pages and answers. */
const userCaches = (page: Page) =>
  page.evaluate(
    async (prefix) => (await caches.keys()).filter((name) => name.startsWith(prefix)),
    USER_CACHE_PREFIX,
  );

/**
 * The kept copies of the timetable: its page (which carries the week inline, issue 27 `signedin`) or
 * its API answer (a week the learner moved to). The user's cache is only read, never created here.
 */
const keptTimetables = (page: Page) =>
  page.evaluate(async (prefix) => {
    const name = (await caches.keys()).find((cache) => cache.startsWith(prefix));
    if (!name) return 0;
    const kept = await (await caches.open(name)).keys();
    return kept.filter((request) => ['/timetable', '/api/timetable'].includes(new URL(request.url).pathname))
      .length;
  }, USER_CACHE_PREFIX);

test('a second visit without network shows the last-seen timetable marked offline; signing out clears it', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, STUDENT.email, STUDENT.password);
  await page.waitForURL((url) => url.pathname === '/workspace');
  // The workspace registers the worker once the page is idle; it takes over the open page and is
  // told who is signed in.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => userCaches(page)).toEqual([expect.stringMatching(/^somesha-user-\d+$/)]);

  const lessons = page.getByRole('main').locator('a[href^="/lessons/show/"]');
  await page.goto('/timetable');
  await lessons.first().waitFor();
  const shown = await lessons.allTextContents();
  await expect.poll(() => keptTimetables(page)).toBeGreaterThan(0);
  const notice = page.getByRole('status').filter({ hasText: t('offline.notice') });
  expect(await notice.count(), 'no offline notice while online').toBe(0);

  await page.context().setOffline(true);
  const offlinePage = await page.goto('/timetable');
  await notice.waitFor();
  await expect.poll(() => lessons.allTextContents()).toEqual(shown);
  expect(offlinePage?.headers()['x-somesha-offline'], 'the page came from the cache').toBe('1');
  expect(await seriousViolations(page)).toEqual([]);

  // Back online the notice goes.
  await page.context().setOffline(false);
  await expect.poll(() => notice.count()).toBe(0);

  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/sign-in');
  await expect.poll(() => userCaches(page)).toEqual([]);

  await page.context().setOffline(true);
  await page.goto('/timetable').catch(() => undefined);
  // Nobody is signed in on this phone any more: the app shell sends the visitor to sign in.
  await page.waitForURL((url) => url.pathname === '/sign-in');
  expect(await page.locator('a[href^="/lessons/show/"]').count()).toBe(0);
  expect(await userCaches(page)).toEqual([]);
});

test('the worker keeps one user’s answers only: told of another user, it drops the first one’s', async ({
  page,
}) => {
  const script = await page.request.get('/sw.js');
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control'], 'a new build reaches the phones').toBe('no-cache');

  await page.goto('/sign-in');
  await signIn(page, STUDENT.email, STUDENT.password);
  await page.waitForURL((url) => url.pathname === '/workspace');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/timetable');
  await page.getByRole('main').locator('a[href^="/lessons/show/"]').first().waitFor();
  await expect.poll(() => keptTimetables(page)).toBeGreaterThan(0);
  const [student] = await userCaches(page);

  // Another user on this phone (the page says so when someone else signs in).
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({ type: 'offline.user', userId: 999999 }),
  );
  await expect.poll(() => userCaches(page)).toEqual(['somesha-user-999999']);
  expect(student).not.toBe('somesha-user-999999');
  expect(await keptTimetables(page)).toBe(0);
});

test('the bookings and a booked lesson seen before show without network too', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, STUDENT.email, STUDENT.password);
  await page.waitForURL((url) => url.pathname === '/workspace');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => userCaches(page)).toHaveLength(1);

  const lessons = page.getByRole('main').locator('a[href^="/lessons/show/"]');
  await page.goto('/lessons/booking');
  await lessons.first().waitFor();
  const booked = await lessons.allTextContents();
  const lessonPath = (await lessons.first().getAttribute('href'))!;
  await page.goto(lessonPath);
  const title = page.getByRole('heading', { level: 1 });
  await title.waitFor();
  const lessonTitle = await title.textContent();

  await page.context().setOffline(true);
  const notice = page.getByRole('status').filter({ hasText: t('offline.notice') });
  await page.goto('/lessons/booking');
  await notice.waitFor();
  await expect.poll(() => lessons.allTextContents()).toEqual(booked);
  // The lesson's page was kept too, with the lesson inline.
  await page.goto(lessonPath);
  await notice.waitFor();
  await expect.poll(() => title.textContent()).toBe(lessonTitle);
});
