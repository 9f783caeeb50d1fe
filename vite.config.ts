import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { clientMessages } from './scripts/client-messages-plugin';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
// Mantine components the public pages (`/`, `/classes`, a lesson view) render, with Mantine's small
// helpers and the icon factory: one chunk (`public-ui`) instead of ~30 tiny ones, which on a phone's 150 ms
// round trips cost a second of waterfall. Heavy or workspace-only components (Drawer, Modal,
// ScrollArea, Combobox, Table with its scroll container…) keep their own chunks and load only where used.
const PUBLIC_MANTINE = new Set(
  'ActionIcon Alert Anchor Avatar Badge Burger Card Container Divider Group Indicator Input InputBase Loader Paper SimpleGrid Stack Text TextInput ThemeIcon Title'.split(
    ' ',
  ),
);
// With them, the small view modules every public page uses (the header's logo and cart button,
// cards, the list hooks): on their own they were a dozen ~500-byte files, each a request and
// ~400 bytes of headers on a phone's connection.
// Not the lists' search box: it brings @mantine/form, which the home page does not need; the pages
// with a search box load it with their own chunk. (The footer's newsletter form, on every public
// page, still brings it with the form hook.) Not the old loading hooks either (use-list,
// use-resource, use-load: replaced by use-loader, issue 21): the pages still on them load them.
const PUBLIC_VIEWS =
  /\/src\/views\/((?!use-form\.|use-add-to-cart\.|use-load\.)use-[\w-]+\.tsx?|components\/(logo|centered-loader|newsletter-form|cart\/cart-button|lists\/(?!search-box\.|list-states\.|use-progressive\.|use-list\.|use-resource\.)[\w-]+)\.tsx?)$/;
function isPublicUi(id: string): boolean {
  const path = id.replace(/\\/g, '/');
  if (
    PUBLIC_VIEWS.test(path) ||
    path.includes('/node_modules/@tabler/icons-react/dist/esm/createReactComponent')
  )
    return true;
  const component = /\/node_modules\/@mantine\/core\/esm\/components\/([^/]+)\//.exec(path);
  return component?.[1] !== undefined && PUBLIC_MANTINE.has(component[1]);
}

// What `/classes` and a lesson view add to those (the pager, the grid, the list states): one chunk
// the home page does not load.
const LANDING_UI =
  /\/src\/views\/(use-add-to-cart|components\/lists\/(list-states|use-progressive))\.tsx?$|\/node_modules\/@mantine\/(core\/esm\/components\/(Grid|Pagination)\/|core\/esm\/core\/utils\/create-event-handler\/|hooks\/esm\/use-(pagination|uncontrolled)\/)/;
function isLandingUi(id: string): boolean {
  return LANDING_UI.test(id.replace(/\\/g, '/'));
}

// The services, machines and shared modules in one chunk (rolldown otherwise splits them by which
// pages share them, into a dozen small files). Commerce code stays out: it loads with the cart
// (src/machines/commerce-logic.ts, which the app machine imports with `import()`, and what only it uses).
const COMMERCE_ONLY =
  /\/src\/(machines\/((payment|checkout|remove-item)-machine|commerce-logic)|services\/(payment|wallet|wallet-history|plan)-service|services\/schemas\/(checkout|transaction|wallet))\.ts$/;
// Of those, the ones a landing page (entry, public layout, home, classes, lesson view) imports
// statically form `app`; the rest (workspace, teaching, admin, completion code) form `workspace`,
// which only signed-in screens load. Reachability is computed once from the module graph.
const LANDING_ROOTS = [
  'src/main.tsx',
  'src/views/layouts/public-layout.tsx',
  'src/views/pages/public/home-page.tsx',
  'src/views/pages/public/classes-page.tsx',
  'src/views/pages/public/lesson-view-page.tsx',
].map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url)));
let landing: Set<string> | null = null;
function landingModules(ctx: {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}): Set<string> {
  if (landing) return landing;
  const found = new Set<string>();
  const stack = [...LANDING_ROOTS];
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  landing = found;
  return found;
}
function isAppCore(id: string): boolean {
  const path = id.replace(/\\/g, '/');
  return /\/src\/(services|shared|machines)\//.test(path) && !COMMERCE_ONLY.test(path);
}

// The chunks the entry imports statically (see the groups below).
const ENTRY_CHUNK = /^assets\/(rolldown-runtime|public-ui|app)-[\w-]+\.js$/;

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
};

export default defineConfig({
  // The browser's copy of the message catalogue leaves out the texts only the server says.
  plugins: [react(), clientMessages(alias['@'])],
  resolve: { alias },
  server: {
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/dev': apiTarget,
      '/sandbox': apiTarget,
    },
  },
  // `vite build` builds both environments: the browser's SPA into dist/, then the server's render
  // of the landing pages (src/entry-server.tsx) into dist/.ssr (a dot folder: never served as a file).
  builder: {},
  environments: {
    ssr: {
      build: {
        outDir: 'dist/.ssr',
        ssr: 'src/entry-server.tsx',
        manifest: false,
        copyPublicDir: false,
        emptyOutDir: true,
        rolldownOptions: { output: { codeSplitting: true } },
      },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server reads it to preload a route's chunks with its HTML (server/spa.ts).
    manifest: true,
    // A lazy screen's preload list leaves out the chunks the entry imports itself (always loaded by
    // then): ~60 shorter lists in the entry chunk.
    // (The HTML keeps naming them.)
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
    },
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'public-ui', test: isPublicUi },
            {
              name: (id, ctx) => (isAppCore(id) ? (landingModules(ctx).has(id) ? 'app' : 'workspace') : null),
              priority: -1,
            },
            { name: 'landing', test: isLandingUi, priority: -2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which ran every
    // file in turn. Most view and server tests wait (on timers, the database, a child process) as
    // much as they compute, so three keep two cores busy. (`npm test` runs the browser tests in a
    // second process beside these: scripts/test-all.mjs.)
    maxWorkers: 3,
    projects: [
      // The state machines need no DOM: node, and one module graph per worker (the machines are
      // immutable definitions; each file's actors are its own). A file that does need the DOM (the
      // session's storage, the XSRF cookie) says `@vitest-environment jsdom` in its first comment.
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.{ts,tsx}', 'tests/services/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // One jsdom and one module graph per worker, not per file: building jsdom and importing the
          // app (Mantine, the pages) again for each of ~70 files cost more than their tests. Each test
          // starts from a clean page, storage and fake API (setup-dom.ts, useFakeApi).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // With the contract test of the view tests' fake API against the real server (tests/msw).
          include: ['tests/server/**/*.test.ts', 'tests/msw/**/*.test.ts'],
          // The server keeps no module-level state (each test file builds its own app and database),
          // so the files of a worker share one import of fastify, drizzle and PGlite.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      // Tests that need a real PostgreSQL shared by several server processes (races, restarts):
      // only `npm run test:pg` sets TEST_DATABASE_URL, so they exist only there (README "Tests").
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'pg',
                environment: 'node',
                include: ['tests/pg/**/*.test.ts'],
                testTimeout: 120000,
                hookTimeout: 180000,
                fileParallelism: false,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});
