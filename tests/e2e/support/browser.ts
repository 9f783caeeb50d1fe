// The one place that starts a browser: the system Chromium through playwright-core, so the tests
// never download one (CI installs Debian's `chromium`, see .ci/run).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why Chromium cannot be used, in words a developer can act on, or null when it is there. */
export function chromiumProblem(): string | null {
  if (existsSync(chromiumPath)) return null;
  return (
    `Chromium was not found at ${chromiumPath}. The browser tests use the system Chromium: ` +
    'install it (Debian: `apt-get install chromium`, as .ci/run does) or set CHROMIUM_PATH ' +
    'to its executable.'
  );
}

export async function launchBrowser(): Promise<Browser> {
  const problem = chromiumProblem();
  if (problem) throw new Error(problem);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // Root in CI containers needs --no-sandbox; the rest keeps Chromium off the network and quiet.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
