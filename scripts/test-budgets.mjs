#!/usr/bin/env node
// `npm run test:budgets`: the JavaScript each landing page loads, from the build itself, against its
// budget; exits 1 when a page is over. A few seconds, no browser: CI runs it on every build
// (`.ci/run`), and `npm run bench:web -- --strict` stays the slow check of the same figure in Chromium.
//
// A page loads the entry's chunks (index.html) and the chunks the server preloads for its route: its
// layout's and its screen's, with their static imports (server/spa.ts `hintsFor`, from
// dist/.vite/manifest.json). Each is counted as the server sends it, Brotli-compressed (quality 4, as
// @fastify/compress does), plus ~450 bytes of response headers a file, as bench:web counts the wire.
// Every other public route (the route table's `layout: 'public'`) is listed without a budget; no
// public page may load a workspace area's chunk (`<area>-pages`, one per folder of src/views/pages),
// and none but the two that buy (`BUYING`: the plans page, the payment's return page) may load
// `workspace` or `commerce` (which loads when the cart opens: a lesson view's Add to cart puts the
// lesson in the cart without it).
// The daily workspace pages (issue 27, `WORKSPACE_BUDGETS`) are counted the same way: the entry, the
// workspace layout (the shell: the header, menu, bell and messages bar with their code), the
// signed-in screens' registry (src/views/signed-in-screens.ts, which loads a signed-in screen) and the
// screen's own chunk with its static imports. Each has a budget, and none may load `commerce` (the
// commerce actors load on first use: the cart drawer opening; only the wallet page, `buys`, loads
// them with the page) or another area's `<area>-pages` chunk. The full Mantine stylesheet these pages
// load is listed beside them, not budgeted. And no chunk may import itself through others (a cycle).
// Builds first (vite build, production) unless BUDGETS_SKIP_BUILD=1 and dist/ exists;
// BUDGETS_VERBOSE=1 lists each page's files. Run with tsx (package.json) for the route table.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { routes } from '../src/shared/routes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const KB = 1024;
const HEADERS_PER_FILE = 450;

// Issue 12 set 150 KB for `/`; the other landing pages may not grow past what they load now (issue 21).
const BUDGETS = [
  { path: '/', layout: 'public', screen: 'public/home-page', budget: 150 * KB },
  { path: '/classes', layout: 'public', screen: 'public/classes-page', budget: 160 * KB },
  { path: '/lessons/view/:code', layout: 'public', screen: 'public/lesson-view-page', budget: 160 * KB },
  // classpage (issue 24): a class's page is a landing page too (the class cards open it).
  { path: '/classes/view/:id', layout: 'public', screen: 'public/class-view-page', budget: 160 * KB },
  // Issue 25: a teacher's profile, a landing page under the same phone budget as `/` (the issue's 150 KB).
  { path: '/teachers/:id/:slug?', layout: 'public', screen: 'public/teacher-profile-page', budget: 150 * KB },
];

// Issue 27: the pages a learner or a teacher opens every day, each with the shell it opens in; the
// budgets sit ~5 KB above what each loaded when they were set (docs/workspace-speed.md, `## split`):
// the shell (~220 KB, of which the entry ~141) with the screen's own chunks.
const WORKSPACE_BUDGETS = [
  { path: '/workspace', screen: 'workspace/activity-feed-page', budget: 230 * KB },
  { path: '/lessons/booking', screen: 'lessons/lesson-bookings-page', budget: 262 * KB },
  { path: '/lessons/show/:code', screen: 'lessons/lesson-show-page', budget: 305 * KB },
  { path: '/timetable', screen: 'timetable/timetable-page', budget: 272 * KB },
  { path: '/workspace/classes', screen: 'lessons/learner-classes-page', budget: 262 * KB },
  { path: '/teaching/lessons', screen: 'teaching/teacher-lessons-page', budget: 270 * KB },
  { path: '/notifications', screen: 'workspace/notifications-page', budget: 228 * KB },
  { path: '/profile-setting', screen: 'workspace/profile-setting-page', budget: 270 * KB },
  { path: '/wallet', screen: 'commerce/wallet-page', budget: 296 * KB, buys: true },
];
const WORKSPACE_LAYOUT = 'src/views/layouts/workspace-layout.tsx';
const SIGNED_IN_SCREENS = 'src/views/signed-in-screens.ts';
const FULL_STYLES = 'src/views/styles/mantine-full.ts';

if (process.env.BUDGETS_SKIP_BUILD !== '1' || !existsSync(join(dist, '.vite', 'manifest.json'))) {
  const require = createRequire(import.meta.url);
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** Screens grouped into a chunk the entry imports (vite.config.ts): the manifest has no entry for them. */
const IN_ENTRY_CHUNKS = ['public/not-found-page'];

/** A manifest entry's JS files with those of its static imports, transitively. */
function jsOf(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`No ${key} in dist/.vite/manifest.json: was it renamed? (scripts/test-budgets.mjs)`);
  if (files.has(chunk.file)) return files; // chunks may import each other
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) jsOf(imported, files);
  return files;
}

const sizes = new Map();
function onTheWire(file) {
  if (!sizes.has(file)) {
    const body = brotliCompressSync(readFileSync(join(dist, file)), {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    });
    sizes.set(file, body.length + HEADERS_PER_FILE);
  }
  return sizes.get(file);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const inHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const areaChunks = readdirSync(join(root, 'src', 'views', 'pages'), { withFileTypes: true })
  .filter((folder) => folder.isDirectory() && folder.name !== 'public')
  .map((folder) => `assets/${folder.name}-pages-`);
const BUYING = new Set(['commerce/plans-page', 'commerce/payment-return-page']);
// `assets/workspace-` and `assets/commerce-` also begin the names of the workspace layout and of
// `commerce-pages`: only the chunk itself counts (its 8-character hash follows the prefix).
const chunkNamed = (file, prefix) =>
  file.startsWith(prefix) && /^[\w-]{8}\.js$/.test(file.slice(prefix.length));
const isSignedInChunk = (file, screen) =>
  areaChunks.some((prefix) => chunkNamed(file, prefix)) ||
  (!BUYING.has(screen) &&
    ['assets/workspace-', 'assets/commerce-'].some((prefix) => chunkNamed(file, prefix)));
const budgeted = new Set(BUDGETS.map(({ screen }) => screen));
const others = routes
  .filter((route) => route.layout === 'public' && !budgeted.has(route.screen.split('#')[0]))
  .map((route) => ({ path: route.path, layout: 'public', screen: route.screen.split('#')[0] }))
  .filter((page, index, pages) => pages.findIndex((other) => other.screen === page.screen) === index);

const over = [];
const inAreas = [];
console.log('JavaScript each public page loads (Brotli, with headers), against its budget:');
for (const { path, layout, screen, budget } of [...BUDGETS, ...others]) {
  const files = new Set([...inHtml, ...jsOf(entry)]);
  jsOf(`src/views/layouts/${layout}-layout.tsx`, files);
  // The not-found page is part of `public-ui` (vite.config.ts), which the entry loads: no entry of its own.
  if (!IN_ENTRY_CHUNKS.includes(screen)) jsOf(`src/views/pages/${screen}.tsx`, files);
  const bytes = [...files].reduce((sum, file) => sum + onTheWire(file), 0);
  const areas = [...files].filter((file) => isSignedInChunk(file, screen));
  const overBudget = budget !== undefined && bytes > budget;
  const status = overBudget || areas.length ? 'OVER' : 'ok  ';
  const limit = budget === undefined ? '' : `, budget ${budget / KB} KB`;
  const line = `${path.padEnd(22)} ${(bytes / KB).toFixed(1).padStart(6)} KB in ${String(files.size).padStart(2)} files${limit}`;
  console.log(`  ${status} ${line}${areas.length ? `, loads ${areas.join(', ')}` : ''}`);
  if (process.env.BUDGETS_VERBOSE === '1')
    for (const file of [...files].sort((a, b) => onTheWire(b) - onTheWire(a)))
      console.log(`         ${(onTheWire(file) / KB).toFixed(1).padStart(6)} KB  ${file}`);
  if (overBudget) over.push(path);
  if (areas.length) inAreas.push(path);
}

/** A manifest entry's stylesheets with those of its static imports (a CSS-only module is its stylesheet). */
function cssOf(key, files = new Set(), seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  if (chunk.file.endsWith('.css')) files.add(chunk.file);
  for (const file of chunk.css ?? []) files.add(file);
  for (const imported of chunk.imports ?? []) cssOf(imported, files, seen);
  return files;
}
const kb = (bytes) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;
const shell = new Set([...inHtml, ...jsOf(entry)]);
jsOf(WORKSPACE_LAYOUT, shell);
jsOf(SIGNED_IN_SCREENS, shell);
const shellBytes = [...shell].reduce((sum, file) => sum + onTheWire(file), 0);
const workspaceOver = [];
const workspaceLoads = [];
const noChunk = [];
console.log(
  `\nJavaScript each daily workspace page loads, against its budget (the shell: entry, workspace layout and the signed-in screens' registry, ${kb(shellBytes).trim()} in ${shell.size} files):`,
);
for (const { path, screen, budget, buys } of WORKSPACE_BUDGETS) {
  const files = new Set(shell);
  const key = `src/views/pages/${screen}.tsx`;
  if (!manifest[key]) {
    // A group took the screen into a chunk with others: it loads with them, and the server (which
    // preloads a route's chunks by its screen's manifest key) cannot name it.
    console.log(`  OVER ${path.padEnd(22)} ${key} has no chunk of its own in the manifest`);
    noChunk.push(path);
    continue;
  }
  jsOf(key, files);
  const bytes = [...files].reduce((sum, file) => sum + onTheWire(file), 0);
  const area = screen.split('/')[0];
  const foreign = [...files].filter(
    (file) =>
      areaChunks.some((prefix) => prefix !== `assets/${area}-pages-` && chunkNamed(file, prefix)) ||
      (!buys && chunkNamed(file, 'assets/commerce-')),
  );
  const css = [...cssOf(FULL_STYLES, cssOf(WORKSPACE_LAYOUT, cssOf(key)))];
  const cssBytes = css.reduce((sum, file) => sum + onTheWire(file), 0);
  const overBudget = bytes > budget;
  const status = overBudget || foreign.length ? 'OVER' : 'ok  ';
  const line = `${path.padEnd(22)} ${kb(bytes)} in ${String(files.size).padStart(2)} files, budget ${budget / KB} KB (screen ${kb(bytes - shellBytes).trim()}; CSS ${kb(cssBytes).trim()})`;
  console.log(`  ${status} ${line}${foreign.length ? `, loads ${foreign.join(', ')}` : ''}`);
  if (process.env.BUDGETS_VERBOSE === '1')
    for (const file of [...files]
      .filter((file) => !shell.has(file))
      .sort((a, b) => onTheWire(b) - onTheWire(a)))
      console.log(`         ${kb(onTheWire(file))}  ${file}`);
  if (overBudget) workspaceOver.push(path);
  if (foreign.length) workspaceLoads.push(path);
}

// Chunks that import each other in a circle run in an order that leaves one's exports undefined
// while the other runs: the last session's timetable met `undefined.provide`, and the area chunks of
// issue 21 showed /workspace as "something went wrong" (React #130). No chunk may reach itself.
const importsOf = new Map(
  Object.values(manifest).map((chunk) => [
    chunk.file,
    (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean),
  ]),
);
const cycles = [];
const visiting = new Set();
const done = new Set();
function walk(file, path) {
  visiting.add(file);
  for (const next of importsOf.get(file) ?? []) {
    if (visiting.has(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
    else if (!done.has(next)) walk(next, [...path, next]);
  }
  visiting.delete(file);
  done.add(file);
}
for (const file of importsOf.keys()) if (!done.has(file)) walk(file, [file]);
if (cycles.length) {
  console.log(`\nChunks that import each other in a circle (${cycles.length}):`);
  for (const cycle of cycles) console.log(`  ${cycle}`);
}

if (
  over.length ||
  inAreas.length ||
  workspaceOver.length ||
  workspaceLoads.length ||
  noChunk.length ||
  cycles.length
) {
  const problems = [
    over.length ? `${over.join(', ')} over budget` : '',
    inAreas.length ? `${inAreas.join(', ')} load a chunk only signed-in users or buying need` : '',
    workspaceOver.length ? `workspace pages ${workspaceOver.join(', ')} over budget` : '',
    workspaceLoads.length
      ? `workspace pages ${workspaceLoads.join(', ')} load \`commerce\` (the cart's, loaded when it opens) or another area's page chunk`
      : '',
    noChunk.length ? `workspace pages ${noChunk.join(', ')} have no screen chunk of their own` : '',
    cycles.length ? `${cycles.length} chunk import cycles (a page may start with an undefined export)` : '',
  ].filter(Boolean);
  console.error(
    `\ntest:budgets FAILED: ${problems.join('; ')}: BUDGETS_VERBOSE=1 lists what each loads; the chunks are assigned in vite.config.ts.`,
  );
  process.exit(1);
}
