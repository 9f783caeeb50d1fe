#!/usr/bin/env node
// `npm run test:budgets`: the JavaScript each landing page loads, from the build itself, against its
// budget; exits 1 when a page is over. A few seconds, no browser: CI runs it on every build
// (`.ci/run`), and `npm run bench:web -- --strict` stays the slow check of the same figure in Chromium.
//
// A page loads the entry's chunks (index.html) and the chunks the server preloads for its route: its
// layout's and its screen's, with their static imports (server/spa.ts `hintsFor`, from
// dist/.vite/manifest.json). Each is counted as the server sends it, Brotli-compressed (quality 4, as
// @fastify/compress does), plus ~450 bytes of response headers a file, as bench:web counts the wire.
// Builds first (vite build, production) unless BUDGETS_SKIP_BUILD=1 and dist/ exists;
// BUDGETS_VERBOSE=1 lists each page's files.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const KB = 1024;
const HEADERS_PER_FILE = 450;

// Issue 12 set 150 KB for `/`; the other landing pages may not grow past what they load now (issue 21).
const BUDGETS = [
  { path: '/', layout: 'public', screen: 'public/home-page', budget: 150 * KB },
  { path: '/classes', layout: 'public', screen: 'public/classes-page', budget: 160 * KB },
  { path: '/lessons/view/:code', layout: 'public', screen: 'public/lesson-view-page', budget: 160 * KB },
];

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

/** A manifest entry's JS files with those of its static imports, transitively. */
function jsOf(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`No ${key} in dist/.vite/manifest.json: was it renamed? (scripts/test-budgets.mjs)`);
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
const over = [];
console.log('JavaScript each landing page loads (Brotli, with headers), against its budget:');
for (const { path, layout, screen, budget } of BUDGETS) {
  const files = new Set([...inHtml, ...jsOf(entry)]);
  jsOf(`src/views/layouts/${layout}-layout.tsx`, files);
  jsOf(`src/views/pages/${screen}.tsx`, files);
  const bytes = [...files].reduce((sum, file) => sum + onTheWire(file), 0);
  const line = `${path.padEnd(22)} ${(bytes / KB).toFixed(1).padStart(6)} KB in ${String(files.size).padStart(2)} files, budget ${budget / KB} KB`;
  console.log(`  ${bytes > budget ? 'OVER' : 'ok  '} ${line}`);
  if (process.env.BUDGETS_VERBOSE === '1')
    for (const file of [...files].sort((a, b) => onTheWire(b) - onTheWire(a)))
      console.log(`         ${(onTheWire(file) / KB).toFixed(1).padStart(6)} KB  ${file}`);
  if (bytes > budget) over.push(path);
}
if (over.length) {
  console.error(
    `\ntest:budgets FAILED: ${over.join(', ')} over budget: BUDGETS_VERBOSE=1 lists what each loads; the chunks are assigned in vite.config.ts.`,
  );
  process.exit(1);
}
