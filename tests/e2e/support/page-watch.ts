// What a page does as it loads, for the tests of server-rendered pages (public and signed in): the API
// calls it makes, the errors it reports, and its scripts held back as on a slow connection.
import type { Page } from 'playwright-core';

/**
 * Records the page's API calls (path and query) and every error it reports (uncaught, or logged to the
 * console as an error: React's hydration errors are).
 */
export function watchApiCallsAndErrors(page: Page): { calls: string[]; errors: string[] } {
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { calls, errors };
}

/**
 * Holds the app's scripts back, as on a slow connection: the server's page is there, the app not yet.
 * `release` lets them through; `restore` stops holding later pages' scripts.
 */
export async function holdScripts(
  page: Page,
): Promise<{ release: () => void; restore: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/assets\/[^/]+\.js(\?|$)/;
  await page.route(scripts, async (route) => {
    await released;
    await route.continue();
  });
  return { release, restore: () => page.unroute(scripts) };
}

/** The text of an HTML document, as a reader without JavaScript gets it. */
export function textOf(html: string): string {
  return (
    html
      // React's markers between adjacent texts ("Hello, " and the name) are no break for a reader.
      .replace(/<!-- -->/g, '')
      .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
  );
}
