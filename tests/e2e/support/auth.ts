// The steps a person takes on the auth pages, by the labels they read.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Passw0rd!';
export const STUDENT = { email: 'student@example.com', password: DEMO_PASSWORD };
export const TEACHER = { email: 'teacher@example.com', password: DEMO_PASSWORD };

type Account = { email: string; password: string };

/**
 * The form field with exactly this label. Mantine appends an aria-hidden " *" to required labels,
 * which playwright's label text includes, so an exact match allows for it.
 */
export function field(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs the account in on the sign-in page and waits for its workspace. */
export async function signedIn(page: Page, account: Account): Promise<void> {
  await page.goto('/sign-in');
  await signIn(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/workspace');
}

/**
 * Several people at once, each signed in on a desktop browser of their own (a context each):
 * `open(account)` gives that person's page, `close()` ends every context.
 */
export function peopleAt(browser: Browser, baseUrl: string) {
  const contexts: BrowserContext[] = [];
  return {
    async open(account: Account): Promise<Page> {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      await signedIn(page, account);
      return page;
    },
    close: () => Promise.all(contexts.map((context) => context.close())),
  };
}
