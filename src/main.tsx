import './views/styles/public.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initialUser } from './services/auth-service';
import { DEFERRED_STYLESHEET_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from './shared/boot-data';
import { App, preloadRoute } from './views/app';
import { createAppActors, type AppActorsOptions } from './views/app-actors';
import { AppActorsProvider } from './views/app-actors-context';
import { cssVariablesResolver, theme } from './views/theme';

/** `?inspect` in development opens the Stately inspector; the import is dropped from production builds. */
async function inspector(): Promise<AppActorsOptions['inspect']> {
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}

/**
 * A server-rendered page paints with the rules its HTML uses inline; the whole stylesheet comes
 * after, without blocking the paint (server/spa.ts). It applies once loaded, before React renders
 * anything the server did not (menus, dropdowns, toasts).
 */
function deferredStylesheets(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`);
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = 'all';
            resolve();
          };
          if (link.sheet) apply();
          else {
            link.addEventListener('load', apply, { once: true });
            link.addEventListener('error', apply, { once: true });
          }
        }),
    ),
  ).then(() => undefined);
}

async function start() {
  // The landing page's layout and screen download with the entry chunk (the server's preload hints);
  // rendering once they are in paints the page in one go instead of a loader first, and hydrating
  // once they are in matches the server's HTML without suspending.
  const location = window.location.pathname + window.location.search;
  // A signed-in page carries its user (server/spa.ts): the session starts from it, and the page's
  // own chunks come at once too.
  const user = initialUser();
  const ready = preloadRoute(location, user !== null);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  const actors = createAppActors({
    inspect: await inspector(),
    session: user ? { user, location } : undefined,
  });
  await Promise.all([ready, deferredStylesheets()]);
  const app = (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <AppActorsProvider actors={actors}>
          <App />
        </AppActorsProvider>
      </MantineProvider>
    </StrictMode>
  );
  // The server rendered this page from the answers its HTML carries: take it over as it is.
  if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
