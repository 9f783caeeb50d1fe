import type { ComponentType } from 'react';
import { routes, type RouteName } from '@/shared/routes';
import { withFullStyles } from './full-styles';
import { preloadable, type Preloadable } from './preloadable';

// One lazy chunk per screen (route-level code splitting): a visitor on a public page never
// downloads workspace or completion code. Which module renders a route is written once, in the
// route table (`screen`), because the server reads it too: it preloads that chunk with the HTML.
// `preload()` starts fetching a page's chunk before React renders it (src/views/preloadable.ts).
export type Page = Preloadable;

type ScreenModule = Record<string, ComponentType | undefined>;

// The screens a visitor opens (the public pages, sign-in and sign-up), each its own chunk, fetched
// only when asked for. The others are listed in ./signed-in-screens.ts, which loads with the first of
// them: with each screen comes the list of chunks to preload beside it, and the ~50 lists of the
// workspace's, admin's and completion's screens were 2 KB of the entry every visitor downloads.
// A public screen missing here still opens, one round trip later (through that list).
const VISITOR_SCREENS = import.meta.glob<ScreenModule>([
  './pages/public/*-page.tsx',
  './pages/public/*-pages.tsx',
  './pages/auth/*-page.tsx',
  './pages/catalogue/subjects-page.tsx',
  './pages/catalogue/subject-show-page.tsx',
  './pages/questions/question-show-page.tsx',
  './pages/commerce/plans-page.tsx',
  './pages/commerce/payment-return-page.tsx',
]);

/** A screen module's loader: a visitor's at once, another through ./signed-in-screens.ts. */
function loaderOf(path: string): () => Promise<ScreenModule> {
  return (
    VISITOR_SCREENS[path] ??
    (() =>
      import('./signed-in-screens').then(({ SIGNED_IN_SCREENS }) => {
        const load = SIGNED_IN_SCREENS[path];
        if (!load) throw new Error(`No screen module src/views/${path.slice(2)} (route table \`screen\`).`);
        return load();
      }))
  );
}

/**
 * `'public/legal-pages#TermsPage'` → a code-split component of that module's `TermsPage` export,
 * loaded with Mantine's full stylesheet unless the route table marks it `lightStyles`.
 */
export function screenPage(screen: string, lightStyles = false): Page {
  const [modulePath = '', exportName = 'default'] = screen.split('#');
  const found = loaderOf(`./pages/${modulePath}.tsx`);
  const load = lightStyles ? found : withFullStyles(found);
  return preloadable(() =>
    load().then((module) => {
      const component = module[exportName];
      if (!component) throw new Error(`src/views/pages/${modulePath}.tsx has no export ${exportName}.`);
      return component;
    }),
  );
}

// Two routes with one screen share one lazy component, so switching between them does not remount it.
const byScreen = new Map<string, Page>();
export const PAGES = Object.fromEntries(
  routes.map((route) => {
    const page =
      byScreen.get(route.screen) ?? screenPage(route.screen, 'lightStyles' in route && route.lightStyles);
    byScreen.set(route.screen, page);
    return [route.name, page];
  }),
) as Record<RouteName, Page>;
