// `test` for browser tests: one Chromium per test file, a fresh browser context (own cookies and
// local storage) per test, and a screenshot of the page when a test fails.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject, test as base } from 'vitest';
import { launchBrowser } from './browser';

export const screenshotDir = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'somesha-e2e-screenshots');

// Playwright gives up before vitest's 60 s test timeout, so a failure names the step that hung.
const ACTION_TIMEOUT = 15_000;

export const test = base
  .extend('baseUrl', { scope: 'file' }, () => inject('baseUrl'))
  // Vitest reads a fixture's dependencies from its destructuring pattern, so an empty one is required.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('page', async ({ browser, baseUrl, task }, { onCleanup }) => {
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(ACTION_TIMEOUT);
    const page = await context.newPage();
    onCleanup(async () => {
      // Cleanup runs after the test's result is settled, so a failure can still be photographed.
      if (task.result?.state === 'fail') {
        mkdirSync(screenshotDir, { recursive: true });
        const file = join(screenshotDir, `${task.name.replace(/[^\w-]+/g, '-').slice(0, 120)}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(`Screenshot of the failed test "${task.name}" (at ${page.url()}): ${file}`);
      }
      await context.close();
    });
    return page;
  });

export { expect } from 'vitest';
