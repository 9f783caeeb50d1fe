import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clientMessages, MORE_MESSAGES } from './scripts/client-messages-plugin';
import { serviceWorker } from './scripts/service-worker-plugin';
import { routes } from './src/shared/routes';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
// Chunks by folder and by what the pages import, never by rules over file names:
// - `public-ui`: the views' shared code (src/views outside pages/ and layouts/) that the public layout
//   and the home page import beyond the entry, with the package folders they render from (listed
//   below): one chunk on every public page instead of ~30 tiny ones (on a phone's 150 ms round
//   trips, a second of waterfall);
// - `landing`: what both `/classes` and a lesson view add to that (the pager, the grid), which the
//   home page does not load; what only one of them uses stays with it;
// - `app`: src/services, src/shared and src/machines modules any landing page imports statically;
//   `commerce`: those buying needs beyond them, loaded when the cart opens (or the wallet page);
//   `visitor`: those the other public pages (FAQs, teachers, questions, plans…) import beyond them;
//   `workspace`: those the shell (the signed-in layouts) imports, with the signed-in message texts;
// - each signed-in screen keeps its own chunk with what only it imports (issue 27: a daily page loads
//   the shell and its screen); what several screens of one area share is that area's chunk
//   (`<area>-pages`, with src/machines/screens/<area>-screens.ts), but for what a public page or the
//   shell imports: no public page loads an area's chunk, no daily page another area's;
// - each public page keeps its own chunk, so `/` loads the home page only; other code only a dynamic
//   import reaches (the overlays, dompurify…) or that screens of several areas share keeps rolldown's
//   own chunks.
// docs/architecture.md ("Chunks by folder and by reach") sums it up; `npm run test:budgets` checks it against the build.
const posix = (id: string) => id.replace(/\\/g, '/');
const src = fileURLToPath(new URL('./src/', import.meta.url)).replace(/\\/g, '/');
/** The module's path under src/ (`views/pages/admin/admin-users-page.tsx`), or null outside it. */
const inSrc = (id: string) => (posix(id).startsWith(src) ? posix(id).slice(src.length) : null);
const HOME_ROOTS = ['src/views/layouts/public-layout.tsx', 'src/views/pages/public/home-page.tsx'];
const LANDING_ROOTS = [
  'src/views/pages/public/classes-page.tsx',
  'src/views/pages/public/lesson-view-page.tsx',
];
const ENTRY_ROOT = 'src/main.tsx';
/**
 * Landing pages (issue 25: a teacher's profile) whose own services, machines and shared code stay in
 * their chunk instead of `visitor`: under the phone budget, a page may not load the other public
 * pages' code with its own.
 */
const OWN_CHUNK_ROOTS = ['src/views/pages/public/teacher-profile-page.tsx'];
const absolute = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

type GraphContext = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};
/**
 * Every module of src/ the roots import statically, transitively (computed once per build). Not
 * through packages: a package's index re-exports all it has (every icon, every Mantine component),
 * of which the bundle keeps only what is used.
 */
function reachable(ctx: GraphContext, roots: string[]): Set<string> {
  const found = new Set<string>();
  const stack = roots.map(absolute);
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id) || inSrc(id) === null) continue;
    found.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}
/** The file of a route's screen (`public/legal-pages#TermsPage` → src/views/pages/public/legal-pages.tsx). */
function screenFile(screen: string): string {
  const module = `src/views/pages/${screen.split('#')[0]}`;
  return existsSync(absolute(`${module}.tsx`)) ? `${module}.tsx` : `${module}.ts`;
}
/** What a visitor may open: the public layout and the screens the route table shows in it. */
const PUBLIC_ROOTS = [
  'src/views/layouts/public-layout.tsx',
  ...routes.filter((route) => route.layout === 'public').map((route) => screenFile(route.screen)),
];
/** Every file under a folder of src/ (`views/pages` → `src/views/pages/admin/admin-users-page.tsx`, …). */
function filesUnder(folder: string): string[] {
  return readdirSync(`${src}${folder}`, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(`${folder}/${entry.name}`) : [`src/${folder}/${entry.name}`],
  );
}
/** The signed-in layouts: the shell every signed-in screen opens in (all but the public one). */
const SHELL_ROOTS = readdirSync(`${src}views/layouts`)
  .filter((file) => file.endsWith('-layout.tsx') && file !== 'public-layout.tsx')
  .map((file) => `src/views/layouts/${file}`);
/**
 * The signed-in screens: the modules src/views/signed-in-screens.ts loads (a route's `screen`, one
 * chunk each), less those a public route shows.
 */
const SIGNED_IN_SCREEN =
  /^src\/views\/pages\/(?!public\/|auth\/)[\w-]+\/[\w-]+-(page|pages|placeholders)\.tsx$/;
const SCREEN_FILES = filesUnder('views/pages').filter(
  (file) => SIGNED_IN_SCREEN.test(file) && !PUBLIC_ROOTS.includes(file),
);
/** The signed-in screens and the shell: every other page of src/views/pages, and the layouts but the public one. */
function screenRoots(): string[] {
  return [
    ...filesUnder('views/pages').filter(
      (file) => !file.startsWith('src/views/pages/public/') && !PUBLIC_ROOTS.includes(file),
    ),
    ...SHELL_ROOTS,
  ];
}
/**
 * What buying needs: the cart and payment overlays (src/views/components/{cart,payment}/) and what
 * the machines load on demand (the commerce actors the app machine imports when the cart opens).
 */
function commerceRoots(ctx: GraphContext, entry: Set<string>): string[] {
  const overlays = ['views/components/cart', 'views/components/payment'].flatMap((folder) =>
    readdirSync(`${src}${folder}`).map((file) => `src/${folder}/${file}`),
  );
  const onDemand = [...entry]
    .filter((id) => inSrc(id)?.startsWith('machines/'))
    .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => inSrc(id) !== null)
    .map((id) => `src/${inSrc(id)}`);
  return [...overlays, ...onDemand];
}
type Graph = {
  entry: Set<string>;
  home: Set<string>;
  landing: Set<string>;
  /** What every landing page beyond `/` imports (the union is `landing`). */
  everyLanding: Set<string>;
  /** What any public page imports: no area chunk may hold it, or the page would load the area. */
  public: Set<string>;
  commerce: Set<string>;
  /** What exactly one public page imports (beyond the entry): it goes with that page, not to `visitor`. */
  onePublicPage: Set<string>;
  /** What only an `OWN_CHUNK_ROOTS` page imports (no other public page, not the entry). */
  ownChunk: Set<string>;
  /**
   * What an `OWN_CHUNK_ROOTS` page shares with one landing page but not with both (the Add to cart
   * hook): such a page loads no `landing`, and a file of its own cost it a request and ~450 bytes of
   * headers, so its shared views go with `public-ui`.
   */
  ownWithLanding: Set<string>;
  /** What the signed-in layouts import beyond the entry: the shell of every signed-in page. */
  shell: Set<string>;
  /** For each module of src/ a signed-in screen imports: the areas (folders of src/views/pages) of those that do, and how many do. */
  screenUsers: Map<string, { areas: Set<string>; screens: number }>;
};
/** The modules that exactly one of `sets` holds. */
function onlyOnce(sets: Set<string>[]): Set<string> {
  const seen = new Map<string, number>();
  for (const set of sets) for (const id of set) seen.set(id, (seen.get(id) ?? 0) + 1);
  return new Set([...seen].filter(([, times]) => times === 1).map(([id]) => id));
}
let graph: Graph | null = null;
function graphOf(ctx: GraphContext): Graph {
  if (graph) return graph;
  const entry = reachable(ctx, [ENTRY_ROOT]);
  graph = {
    entry,
    home: reachable(ctx, [ENTRY_ROOT, ...HOME_ROOTS]),
    landing: reachable(ctx, [ENTRY_ROOT, ...HOME_ROOTS, ...LANDING_ROOTS]),
    everyLanding: LANDING_ROOTS.map((root) => reachable(ctx, [ENTRY_ROOT, ...HOME_ROOTS, root])).reduce(
      (common, next) => new Set([...common].filter((id) => next.has(id))),
    ),
    public: reachable(ctx, [ENTRY_ROOT, ...PUBLIC_ROOTS]),
    commerce: reachable(ctx, commerceRoots(ctx, entry)),
    onePublicPage: onlyOnce([...new Set(PUBLIC_ROOTS)].map((root) => reachable(ctx, [root]))),
    ownChunk: new Set(),
    ownWithLanding: new Set(),
    // With what the entry's services load once signed in (the messages' unread count, live message events).
    shell: reachable(ctx, [
      ...SHELL_ROOTS,
      ...[...entry]
        .filter((id) => inSrc(id)?.startsWith('services/'))
        .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
        .filter((id) => inSrc(id) !== null)
        .map((id) => `src/${inSrc(id)}`),
    ]),
    screenUsers: new Map(),
  };
  for (const screen of SCREEN_FILES) {
    const area = screen.split('/')[3] ?? '';
    for (const id of reachable(ctx, [screen])) {
      const users = graph.screenUsers.get(id) ?? { areas: new Set<string>(), screens: 0 };
      users.areas.add(area);
      users.screens += 1;
      graph.screenUsers.set(id, users);
    }
  }
  const others = reachable(ctx, [
    ENTRY_ROOT,
    ...PUBLIC_ROOTS.filter((root) => !OWN_CHUNK_ROOTS.includes(root)),
    ...screenRoots(),
  ]);
  for (const id of reachable(ctx, OWN_CHUNK_ROOTS)) if (!others.has(id)) graph.ownChunk.add(id);
  const withLanding = reachable(ctx, LANDING_ROOTS);
  for (const id of reachable(ctx, OWN_CHUNK_ROOTS))
    if (withLanding.has(id) && !graph.everyLanding.has(id)) graph.ownWithLanding.add(id);
  return graph;
}

// The package folders the public pages render from (a package's index re-exports everything, so
// which of its parts a page uses is named here): the Mantine components of `/`, `/classes` and a
// lesson view, with Mantine's small helpers and the icon factory, are one chunk; heavy or
// workspace-only ones (Drawer, Modal, ScrollArea, Combobox, Table…) keep their own chunks and load
// only where used. What only `/classes` and a lesson view use goes with the landing chunk.
const PUBLIC_PACKAGE_FOLDERS = [
  ...'ActionIcon Alert Anchor Avatar Badge Burger Card Container Divider Group Indicator Input InputBase Loader Paper SimpleGrid Stack Text TextInput ThemeIcon Title'
    .split(' ')
    .map((name) => `@mantine/core/esm/components/${name}/`),
  '@mantine/hooks/esm/use-disclosure/',
  '@tabler/icons-react/dist/esm/createReactComponent',
];
const LANDING_PACKAGE_FOLDERS = [
  '@mantine/core/esm/components/Grid/',
  '@mantine/core/esm/components/Pagination/',
  '@mantine/core/esm/core/utils/create-event-handler/',
  '@mantine/hooks/esm/use-pagination/',
  '@mantine/hooks/esm/use-uncontrolled/',
];
const inPackageFolder = (id: string, folders: string[]) =>
  folders.some((folder) => posix(id).includes(`/node_modules/${folder}`));

/** The views' shared code (src/views outside pages/ and layouts/): components and hooks. */
function isSharedView(id: string): boolean {
  const path = inSrc(id) ?? '';
  return path.startsWith('views/') && !path.startsWith('views/pages/') && !path.startsWith('views/layouts/');
}
const isCore = (id: string) => /^(services|shared|machines)\//.test(inSrc(id) ?? '');
const isScreensModule = (id: string) => inSrc(id)?.startsWith('machines/screens/') ?? false;

/**
 * The chunk of a module only signed-in screens import, beyond the shell (issue 27: a signed-in page
 * loads the shell and its own screen): `<area>-pages` when several screens of one area (a folder of
 * src/views/pages) import it, with the services bound for them (src/machines/screens/<area>-screens.ts);
 * null when one screen does (it goes with that screen's own chunk), when screens of several areas do
 * (rolldown's shared chunks), for a screen itself (its own chunk), and for what a public page or the
 * shell imports.
 */
function areaOf(id: string, ctx: GraphContext): string | null {
  const graph = graphOf(ctx);
  if (graph.public.has(id) || graph.shell.has(id) || SCREEN_FILES.some((file) => id === absolute(file)))
    return null;
  const users = graph.screenUsers.get(id);
  if (users) return users.screens > 1 && users.areas.size === 1 ? `${[...users.areas][0]}-pages` : null;
  // A folder of pages without signed-in screens (sign-in and sign-up, `auth`): one chunk for it.
  const [top, folder, area, file] = (inSrc(id) ?? '').split('/');
  return top === 'views' &&
    folder === 'pages' &&
    file !== undefined &&
    area !== 'public' &&
    !SCREEN_FILES.some((screen) => screen.startsWith(`src/views/pages/${area}/`))
    ? `${area}-pages`
    : null;
}

/**
 * What buying needs (the commerce actors, the payment rules) beyond the entry, the landing pages,
 * the public pages and the shell: `commerce`, loaded when the cart opens or with the wallet page.
 */
function isCommerceOnly(id: string, ctx: GraphContext): boolean {
  const graph = graphOf(ctx);
  return (
    isCore(id) &&
    graph.commerce.has(id) &&
    !graph.landing.has(id) &&
    !graph.public.has(id) &&
    !graph.shell.has(id) &&
    !graph.ownChunk.has(id)
  );
}

// The chunks the entry imports statically (see the groups below).
const ENTRY_CHUNK = /^assets\/(rolldown-runtime|public-ui|app)-[\w-]+\.js$/;

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
};

export default defineConfig({
  // The browser's copy of the message catalogue leaves out the texts only the server says, and moves
  // those only signed-in code names to a module of their own (scripts/client-messages-plugin.ts).
  // The service worker (issue 27 "offline"): dist/sw.js, built on its own (scripts/service-worker-plugin.ts).
  plugins: [
    react(),
    clientMessages(alias['@'], [ENTRY_ROOT, ...PUBLIC_ROOTS].map(absolute)),
    serviceWorker(absolute('src/worker/service-worker.ts'), alias),
  ],
  resolve: { alias },
  server: {
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/dev': apiTarget,
      '/sandbox': apiTarget,
      // SMS short links (`/l/{code}`, issue 26); a RegExp, so /lessons and /login stay the SPA's.
      '^/l/': apiTarget,
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
            {
              name: (id, ctx) =>
                inPackageFolder(id, PUBLIC_PACKAGE_FOLDERS) ||
                (isSharedView(id) && graphOf(ctx).home.has(id) && !graphOf(ctx).entry.has(id)) ||
                (isSharedView(id) && graphOf(ctx).ownWithLanding.has(id)) ||
                // The not-found page every landing page with a resource may show: a 0.3 KB body is
                // not worth a request of its own (~450 bytes of headers) on each of them.
                inSrc(id) === 'views/pages/public/not-found-page.tsx'
                  ? 'public-ui'
                  : null,
            },
            {
              name: (id, ctx) => {
                // The texts only signed-in code names (scripts/client-messages-plugin.ts), which
                // nearly every signed-in module imports for its side effect: with the shell (a
                // chunk of their own came out merged into the group that took them along).
                if (id.includes(MORE_MESSAGES)) return 'workspace';
                if (!isCore(id)) return null;
                const graph = graphOf(ctx);
                if (graph.landing.has(id)) return 'app';
                if (graph.ownChunk.has(id)) return null; // with its page
                if (areaOf(id, ctx)) return null; // its area's chunk, below
                // A screens module a public page imports keeps its own chunk: it may bind services
                // for signed-in pages too (commerce-screens.ts: the plans' and the wallet's).
                // So does a module only one public page imports (the class page's purchase rule): it
                // stays with that page instead of bringing every visitor page's code along.
                if (graph.public.has(id))
                  return isScreensModule(id) || graph.onePublicPage.has(id) ? null : 'visitor';
                return graph.shell.has(id) ? 'workspace' : null;
              },
              priority: -1,
            },
            {
              name: (id, ctx) => (isCommerceOnly(id, ctx) ? 'commerce' : null),
              priority: -1,
              includeDependenciesRecursively: false,
            },
            {
              name: (id, ctx) =>
                inPackageFolder(id, LANDING_PACKAGE_FOLDERS) ||
                (isSharedView(id) && graphOf(ctx).everyLanding.has(id) && !graphOf(ctx).home.has(id))
                  ? 'landing'
                  : null,
              priority: -2,
              includeDependenciesRecursively: false,
            },
            { name: (id, ctx) => areaOf(id, ctx), priority: -3, includeDependenciesRecursively: false },
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
