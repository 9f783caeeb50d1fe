import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Router, useLocation, useSearch, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import {
  isServerPath,
  matchRoute,
  pathnameOf,
  routeNamed,
  SIGNED_IN_FACES,
  type RouteLayout,
  type RouteName,
} from '@/shared/routes';
import { replayEarlyTaps } from '@/shared/early-taps';
import type { CommerceActors } from './app-actors';
import { useAppActors, useCart, useCommerce, useSession } from './app-actors-context';
import { CenteredLoader } from './components/centered-loader';
import { ScreenErrorBoundary } from './components/screen-error-boundary';
import { Snackbar } from './components/snackbar';
import { withFullStyles } from './full-styles';
import { useHydrated } from './hydration';
import { PAGES } from './page-registry';
import { preloadable } from './preloadable';
import { RouteParamsProvider } from './route-params';
import { selectAllowedPath, selectUser } from './session-selectors';

// The commerce overlays (drawer, dialogs, modals) weigh more than a public page; they are fetched the
// first time the user opens one, so a visitor reading the home page never downloads them.
const CartDrawer = preloadable(
  withFullStyles(() => import('./components/cart/cart-drawer').then((m) => m.CartDrawer)),
);
const CheckoutDialog = preloadable(
  withFullStyles(() => import('./components/payment/checkout-dialog').then((m) => m.CheckoutDialog)),
);
const PaymentModal = preloadable(
  withFullStyles(() => import('./components/payment/payment-modal').then((m) => m.PaymentModal)),
);

// Layouts are split like pages: the public site does not download the workspace shell.
const PublicLayout = preloadable(() => import('./layouts/public-layout').then((m) => m.PublicLayout));
// Only the public layout gets by with the public stylesheet.
const AuthLayout = preloadable(
  withFullStyles(() => import('./layouts/auth-layout').then((m) => m.AuthLayout)),
);
const WorkspaceLayout = preloadable(
  withFullStyles(() => import('./layouts/workspace-layout').then((m) => m.WorkspaceLayout)),
);
const CompletionLayout = preloadable(
  withFullStyles(() => import('./layouts/completion-layout').then((m) => m.CompletionLayout)),
);
const LAYOUTS = {
  public: PublicLayout,
  auth: AuthLayout,
  workspace: WorkspaceLayout,
  completion: CompletionLayout,
};

/** Downloads a route's layout and page together (a layout renders the page only once loaded). */
function preload(layout: RouteLayout, page: RouteName): Promise<unknown> {
  return Promise.all([layout === 'none' ? null : LAYOUTS[layout].preload(), PAGES[page].preload()]);
}

/**
 * Called once at start-up, before the session is restored: a public or guest page's chunks are
 * fetched while the app boots (a protected page waits for the guard, which may redirect), and a
 * protected one's too when the page carries its signed-in user (`signedIn`: the server checked the
 * session, signedin issue 27). Its first data needs no call here: our server puts it in the HTML
 * (server/spa.ts). Resolves when the page can render without a loader; never rejects (a failed
 * chunk is asked for again when the page renders, and shows its error there).
 */
export function preloadRoute(fullPath: string, signedIn = false): Promise<void> {
  const { route } = matchRoute(fullPath);
  if (!signedIn && route.access !== 'public' && route.access !== 'guest') return Promise.resolve();
  return preload(route.layout, route.name).then(
    () => undefined,
    () => undefined,
  );
}

function Layout({
  layout,
  routeName,
  children,
}: {
  layout: RouteLayout;
  routeName: string;
  children: ReactNode;
}) {
  const user = useSelector(useSession(), selectUser);
  // The server renders a visitor's page; the browser shows who is signed in once it has hydrated it.
  const hydrated = useHydrated();
  switch (layout) {
    case 'public':
      return <PublicLayout signedIn={hydrated && user !== null}>{children}</PublicLayout>;
    case 'auth':
      return <AuthLayout>{children}</AuthLayout>;
    case 'workspace':
      return (
        <WorkspaceLayout routeName={routeName} user={user}>
          {children}
        </WorkspaceLayout>
      );
    case 'completion':
      return <CompletionLayout>{children}</CompletionLayout>;
    case 'none':
      return <>{children}</>;
  }
}

/**
 * The route shown at the current location, as the session guards it: tells the session machine
 * where the user is, follows the app's `navigate`, and answers null while the guard has not cleared
 * the page yet (so a protected page never flashes). The app's `Screen` and the view tests'
 * `renderPage` (tests/render.tsx) share it.
 */
export function useGuardedRoute() {
  const { app } = useAppActors();
  const session = useSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const fullPath = search ? `${pathname}?${search}` : pathname;
  const allowedPath = useSelector(session, selectAllowedPath);
  const signedIn = useSelector(session, (s) => s.context.user !== null);

  // Keep the latest navigate in a ref so the subscription is made once, before the first route.changed.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const subscription = app.on('navigate', (event) => {
      // A server page (the payment sandboxes' pages send testers to sign in and back) is no SPA route.
      if (isServerPath(event.to)) window.location.assign(event.to);
      else navigateRef.current(event.to, { replace: event.replace });
    });
    return () => subscription.unsubscribe();
  }, [app]);

  useEffect(() => {
    session.send({ type: 'route.changed', path: fullPath });
  }, [session, fullPath]);

  const { route, params } = matchRoute(fullPath);
  // Access depends on the path alone, so a new query on an allowed page (a list's filter or page)
  // keeps the page mounted instead of flashing the loader and starting it over.
  // A public page is open to everyone (the guard never turns anyone away from one): it renders at
  // once, so the server can render it and the browser hydrate it before the session is known.
  // `/questions` waits: who is signed in decides which page it is.
  const signedInFace = SIGNED_IN_FACES[route.name as RouteName];
  const openToAll = route.access === 'public' && signedInFace === undefined;
  if (!openToAll && (allowedPath === null || pathnameOf(allowedPath) !== pathname)) return null;
  // `/questions` (and the subjects, a question) is one path with two faces: the public page for
  // visitors, the workspace's when signed in.
  const shown = signedInFace && signedIn ? routeNamed(signedInFace) : route;
  return { shown, params, pathname };
}

/** Renders the page the guard allows, in its layout. */
function Screen() {
  const guarded = useGuardedRoute();
  // Render nothing of a page the guard has not cleared yet.
  if (!guarded) return <CenteredLoader />;
  const { shown, params, pathname } = guarded;
  const Page: ComponentType = PAGES[shown.name];
  // The layout renders the page only once its own chunk is in: fetch both at once.
  preload(shown.layout, shown.name).catch(() => undefined);

  return (
    <ScreenErrorBoundary key={shown.layout}>
      <Suspense fallback={<CenteredLoader />}>
        <Layout layout={shown.layout} routeName={shown.name}>
          {/* A failing page keeps its layout (navigation, footer) around the message. */}
          <ScreenErrorBoundary key={pathname}>
            <Suspense fallback={<CenteredLoader />}>
              <RouteParamsProvider params={params}>
                <Page />
                <EarlyTaps />
              </RouteParamsProvider>
            </Suspense>
          </ScreenErrorBoundary>
        </Layout>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * Presses the buttons tapped on a server-rendered page before the app had loaded
 * (src/shared/early-taps.ts). Beside the page, inside its Suspense boundary: its effect runs when the
 * page itself has been hydrated, so its buttons (and the layout's around it) answer the press. Not in
 * the hydrating commit's own effects but after the render they cause: a screen's actor is spawned by
 * its effect there (src/views/use-screen-actor.ts), and until the page has rendered again its buttons
 * still speak to the idle stand-in, which drops the press (a lesson page's Join tapped early).
 */
function EarlyTaps() {
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    if (rendered) replayEarlyTaps();
    else setRendered(true);
  }, [rendered]);
  return null;
}

/** True from the first time `active` is true: an overlay stays mounted so it can animate closed. */
function useOnceActive(active: boolean): boolean {
  const seen = useRef(false);
  if (active) seen.current = true;
  return seen.current;
}

/**
 * Mounted once for the whole app: the cart drawer, checkout dialog and the two payment modals. Their
 * actors come with the drawer's first opening (or the wallet page), so a visitor who never opens
 * the cart never downloads them.
 */
function Commerce() {
  const cart = useCart();
  const cartVisible = useSelector(cart, (s) => s.matches({ drawer: 'visible' }));
  // Without its actors the drawer cannot open: a failed download hides it, so the next click tries again.
  const commerce = useCommerce(cartVisible, () => cart.send({ type: 'cart.hide' }));
  return commerce ? <CommerceOverlays commerce={commerce} showCart={cartVisible} /> : null;
}

function CommerceOverlays({ commerce, showCart }: { commerce: CommerceActors; showCart: boolean }) {
  const cartShown = useOnceActive(showCart);
  const showCheckout = useOnceActive(useSelector(commerce.checkout, (s) => !s.matches('idle')));
  const showPayment = useOnceActive(useSelector(commerce.payment, (s) => !s.matches('idle')));
  const showTopUp = useOnceActive(useSelector(commerce.walletTopUp, (s) => !s.matches('idle')));
  return (
    // An overlay whose code fails to download says so (with "Try again") instead of blanking the app.
    <ScreenErrorBoundary>
      <Suspense fallback={null}>
        {cartShown && <CartDrawer />}
        {showCheckout && <CheckoutDialog />}
        {showPayment && <PaymentModal actor={commerce.payment} />}
        {showTopUp && <PaymentModal actor={commerce.walletTopUp} />}
      </Suspense>
    </ScreenErrorBoundary>
  );
}

export type AppProps = {
  /** wouter location hook; tests pass `memoryLocation().hook`. Defaults to the browser location. */
  hook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  ssrPath?: string;
};

export function App({ hook, searchHook, ssrPath }: AppProps) {
  return (
    <Router hook={hook} searchHook={searchHook} ssrPath={ssrPath}>
      <Screen />
      <Commerce />
      <Snackbar />
    </Router>
  );
}
