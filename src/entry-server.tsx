// The server's render of a landing page (server/spa.ts calls `render` through the SSR build,
// dist/.ssr/entry-server.js): the same tree as src/main.tsx, from the same API answers the page's
// HTML carries, so the browser hydrates it instead of rendering it again and asks for nothing.
// The session is unknown here: it is a visitor's page (src/views/hydration.ts).
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { withBootAnswers } from './services/http';
import type { ServerRender } from './shared/boot-data';
import { App, preloadRoute } from './views/app';
import { createAppActors } from './views/app-actors';
import { AppActorsProvider } from './views/app-actors-context';
import { cssVariablesResolver, theme } from './views/theme';
import { takeRenderedTitle } from './views/use-page-title';

/**
 * `url` (path and query) rendered with `answers` (API path with sorted query → answer, as in the
 * page's boot data). Deterministic for a URL and its answers. Throws when the page fails to render.
 */
export async function render(url: string, answers: Readonly<Record<string, unknown>>): Promise<ServerRender> {
  // The layout's and screen's modules, so nothing suspends (a suspended part would be left to the browser).
  await preloadRoute(url);
  const actors = createAppActors();
  try {
    // One synchronous render: the answers and the title belong to this page alone.
    const html = withBootAnswers(answers, () =>
      renderToString(
        <StrictMode>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <AppActorsProvider actors={actors}>
              <App ssrPath={url} />
            </AppActorsProvider>
          </MantineProvider>
        </StrictMode>,
      ),
    );
    return { html, title: takeRenderedTitle() };
  } finally {
    // Nothing the actors started (restoring the session) outlives the render.
    actors.stop();
  }
}
