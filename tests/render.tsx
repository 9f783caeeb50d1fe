// Renders the real app the way main.tsx does (or only the page under test), with Mantine's test env
// (no transitions, no portals), the real app actors, and wouter's memory location.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { expect, onTestFinished } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { matchRoute, routeNamed, type RouteLayout } from '@/shared/routes';
import { App, useGuardedRoute } from '@/views/app';
import { createAppActors, type AppActors, type AppActorsOptions } from '@/views/app-actors';
import { AppActorsProvider } from '@/views/app-actors-context';
import { CenteredLoader } from '@/views/components/centered-loader';
import { ScreenErrorBoundary } from '@/views/components/screen-error-boundary';
import { Snackbar } from '@/views/components/snackbar';
import { PAGES } from '@/views/page-registry';
import { RouteParamsProvider } from '@/views/route-params';
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

type Location = ReturnType<typeof memoryLocation>;

// The code the app loads lazily beside a page: its layout, and the commerce overlays.
const LAYOUTS: Record<RouteLayout, () => Promise<unknown>> = {
  public: () => import('@/views/layouts/public-layout'),
  auth: () => import('@/views/layouts/auth-layout'),
  workspace: () => import('@/views/layouts/workspace-layout'),
  completion: () => import('@/views/layouts/completion-layout'),
  none: () => Promise.resolve(),
};
const overlays = () =>
  Promise.all([
    import('@/views/components/cart/cart-drawer'),
    import('@/views/components/payment/checkout-dialog'),
    import('@/views/components/payment/payment-modal'),
  ]);

/**
 * Resolves once the code of the route at `path` is loaded (compiled, the first time in a worker), so
 * a test waits for that explicitly instead of giving every later wait a long timeout.
 */
function codeFor(path: string): Promise<unknown> {
  const { route } = matchRoute(path);
  const pages = route.name === 'web.questions' ? [route, routeNamed('questions')] : [route];
  return Promise.all([
    ...pages.flatMap((one) => [PAGES[one.name].preload(), LAYOUTS[one.layout]()]),
    overlays(),
  ]);
}

/** Mounts `ui` (given the memory location) with the real app actors, as renderApp and renderPage do. */
function mount(path: string, options: AppActorsOptions, ui: (location: Location) => ReactElement) {
  const location = memoryLocation({ path, record: true });
  const actors = createAppActors(options);
  // Stop the actors (and their 401 listener) with the test, so no session outlives its test.
  onTestFinished(() => actors.stop());
  // No delay between keystrokes, and no `pointer-events` check on every event: jsdom's
  // getComputedStyle over Mantine's CSS variables makes that check the slowest part of a test.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const utils = render(<Providers actors={actors}>{ui(location)}</Providers>);
  /** Where the app is now (path with query), as the address bar would show it. */
  const currentPath = () => location.history.at(-1) ?? path;
  /** Waits until the app settled on `expected` and rendered the page there (not the guard's loader). */
  async function landsOn(expected: string) {
    await codeFor(expected);
    await waitFor(() => expect(currentPath()).toBe(expected));
    await waitFor(() => expect(actors.session.getSnapshot().context.allowedPath).toBe(expected));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  }
  return { ...utils, user, actors, location, currentPath, landsOn, navigate: location.navigate };
}

/** The whole app at `path`: layouts, the guard, the commerce overlays, the snackbar. */
export function renderApp(path = '/', options: AppActorsOptions = {}) {
  return mount(path, options, (location) => <App hook={location.hook} searchHook={location.searchHook} />);
}

/**
 * Only the page at the current location (and the snackbar), without its layout or the commerce
 * overlays: for a test about what one page shows and sends. The session still guards it, follows
 * the app's `navigate` and hears every route change, as in the app (src/views/app.tsx `Screen`).
 */
export function renderPage(path: string, options: AppActorsOptions = {}) {
  return mount(path, options, (location) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <PageOnly />
      <Snackbar />
    </Router>
  ));
}

function PageOnly() {
  const guarded = useGuardedRoute();
  if (!guarded) return <CenteredLoader />;
  const { shown, params, pathname } = guarded;
  const Page = PAGES[shown.name];
  return (
    <ScreenErrorBoundary key={pathname}>
      <Suspense fallback={<CenteredLoader />}>
        <RouteParamsProvider params={params}>
          <Page />
        </RouteParamsProvider>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The sign-in form's password input ("Password" is also the name of its show/hide toggle). */
export function passwordField(label: string | RegExp = /^Password/): HTMLElement {
  return screen.getByLabelText(label, { selector: 'input' });
}
