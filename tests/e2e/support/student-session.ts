// A `test` whose pages share one signed-in browser context per file: login is rate-limited
// (5 a minute per e-mail and IP), so a file signs the demo student in once and every test reuses it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, screenshotDir, test as base } from './test';
import { signIn } from './auth';

const ACTION_TIMEOUT = 15_000;

export type Account = { email: string; password: string };

/** `landing`: where signing in takes the account (an admin's home is the admin overview). */
export function signedInTest(account: Account, landing = '/workspace') {
  return (
    base
      .extend('signedInContext', { scope: 'file' }, async ({ browser, baseUrl }, { onCleanup }) => {
        const context: BrowserContext = await browser.newContext({ baseURL: baseUrl });
        context.setDefaultTimeout(ACTION_TIMEOUT);
        onCleanup(() => context.close());
        const page = await context.newPage();
        await page.goto('/sign-in');
        await signIn(page, account.email, account.password);
        await page.waitForURL((url) => url.pathname === landing);
        await page.close();
        return context;
      })
      // A fresh tab per test in the shared, signed-in context; photographed when the test fails.
      .extend('signedInPage', async ({ signedInContext, task }, { onCleanup }) => {
        const page: Page = await signedInContext.newPage();
        onCleanup(async () => {
          if (task.result?.state === 'fail') {
            mkdirSync(screenshotDir, { recursive: true });
            const file = join(screenshotDir, `${task.name.replace(/[^\w-]+/g, '-').slice(0, 120)}.png`);
            await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
            console.error(`Screenshot of the failed test "${task.name}" (at ${page.url()}): ${file}`);
          }
          await page.close();
        });
        return page;
      })
  );
}

export { expect };
