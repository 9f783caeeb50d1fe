// The server's render of a landing page (server/spa.ts calls `render` through the SSR build,
// dist/.ssr/entry-server.js): the same tree as src/main.tsx, from the same API answers the page's
// HTML carries, so the browser hydrates it instead of rendering it again and asks for nothing.
// A visitor's page knows no session (src/views/hydration.ts); a signed-in user's page carries its user.
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { withBootAnswers } from './services/http';
import type { ServerRender } from './shared/boot-data';
import { App, preloadRoute } from './views/app';
import { initialUser } from './services/auth-service';
import { createAppActors, type AppActors } from './views/app-actors';
import { AppActorsProvider } from './views/app-actors-context';
import { withRenderTime } from './views/hydration';
import { cssVariablesResolver, theme } from './views/theme';
import { takeRenderedTitle } from './views/use-page-title';

/**
 * `url` (path and query) rendered with `answers` (API path with sorted query → answer, as in the
 * page's boot data) at `now` (what "Starts in 4 minutes" is counted from; the page carries it for
 * hydration, src/views/hydration.ts). Deterministic for a URL, its answers and `now`. Throws when the
 * page fails to render.
 */
export async function render(
  url: string,
  answers: Readonly<Record<string, unknown>>,
  now: number = Date.now(),
): Promise<ServerRender> {
  // A signed-in user's page (signedin, issue 27) carries the user: the session starts from it, as in
  // the browser (src/main.tsx), so the workspace and the screen render as the browser's first render.
  const user = withBootAnswers(answers, () => initialUser());
  // The layout's and screen's modules, so nothing suspends (a suspended part would be left to the browser).
  await preloadRoute(url, user !== null);
  let actors: AppActors | null = null;
  try {
    // One synchronous render: the answers, the actors and the title belong to this page alone.
    const html = withBootAnswers(answers, () =>
      withRenderTime(now, () => {
        const own = createAppActors({ session: user ? { user, location: url } : undefined });
        actors = own;
        return renderToString(
          <StrictMode>
            <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
              <AppActorsProvider actors={own}>
                <App ssrPath={url} />
              </AppActorsProvider>
            </MantineProvider>
          </StrictMode>,
        );
      }),
    );
    return { html, title: takeRenderedTitle() };
  } finally {
    // Nothing the actors started (restoring the session, the cart) outlives the render.
    (actors as AppActors | null)?.stop();
    // A title set by a render that threw is not the next page's.
    takeRenderedTitle();
  }
}
