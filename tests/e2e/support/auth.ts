// The steps a person takes on the auth pages, by the labels they read.
import type { Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Passw0rd!';
export const STUDENT = { email: 'student@example.com', password: DEMO_PASSWORD };

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
