// Renders the real app (or one component) the way main.tsx does, with Mantine's test env (no
// transitions, no portals), the real app actors, and wouter's memory location.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect, onTestFinished } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@/views/app';
import { createAppActors, type AppActors, type AppActorsOptions } from '@/views/app-actors';
import { AppActorsProvider } from '@/views/app-actors-context';
import { cssVariablesResolver, theme } from '@/views/theme';
import { api } from './msw/handlers';
import { USER_STORAGE_KEY } from '@/services/session-store';
import { decodeUser } from '@/services/schemas/user';

function Providers({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <AppActorsProvider actors={actors}>{children}</AppActorsProvider>
    </MantineProvider>
  );
}

/** Signs a fake-API account in on both sides, as if the user had signed in before a reload. */
export function signedInAs(email: string) {
  api.signInAs(email);
  const account = api.current();
  if (!account) throw new Error(`No fake account ${email}`);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(decodeUser(account.user)));
  document.cookie = 'XSRF-TOKEN=test-xsrf-token; path=/';
}

export function renderApp(path = '/', options: AppActorsOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const actors = createAppActors(options);
  // Stop the actors (and their 401 listener) with the test, so no session outlives its test.
  onTestFinished(() => actors.stop());
  // No delay between keystrokes, and no `pointer-events` check on every event: jsdom's
  // getComputedStyle over Mantine's CSS variables makes that check the slowest part of a test.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const utils = render(
    <Providers actors={actors}>
      <App hook={location.hook} searchHook={location.searchHook} />
    </Providers>,
  );
  /** Where the app is now (path with query), as the address bar would show it. */
  const currentPath = () => location.history.at(-1) ?? path;
  /** Waits until the app settled on `expected` and rendered the page there (not the guard's loader). */
  async function landsOn(expected: string) {
    // Generous timeouts: the first render of a lazy page compiles its module.
    await waitFor(() => expect(currentPath()).toBe(expected), { timeout: 5000 });
    await waitFor(() => expect(actors.session.getSnapshot().context.allowedPath).toBe(expected), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument(), { timeout: 5000 });
  }
  return { ...utils, user, actors, location, currentPath, landsOn, navigate: location.navigate };
}

/** The sign-in form's password input ("Password" is also the name of its show/hide toggle). */
export function passwordField(label: string | RegExp = /^Password/): HTMLElement {
  return screen.getByLabelText(label, { selector: 'input' });
}
