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

// Every screen module, each its own chunk, fetched only when asked for.
const SCREENS = import.meta.glob<ScreenModule>([
  './pages/*/*-page.tsx',
  './pages/*/*-pages.tsx',
  './pages/*/*-placeholders.tsx',
]);

/**
 * `'public/legal-pages#TermsPage'` → a code-split component of that module's `TermsPage` export,
 * loaded with Mantine's full stylesheet unless the route table marks it `lightStyles`.
 */
export function screenPage(screen: string, lightStyles = false): Page {
  const [modulePath = '', exportName = 'default'] = screen.split('#');
  const found = SCREENS[`./pages/${modulePath}.tsx`];
  if (!found) throw new Error(`No screen module src/views/pages/${modulePath}.tsx (route table \`screen\`).`);
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
