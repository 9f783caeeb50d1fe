// The app shell a page request gets. The built index.html already names the entry chunk; for a
// public or guest route this adds, before any script runs:
// - `<link rel="modulepreload">` for the chunks of the route's layout and screen (read from Vite's
//   manifest through the route table's `screen`), so they download with the entry chunk instead
//   of in a second wave once it has run;
// - the answers to the screen's first GET calls (the route table's `data`), so its content needs
//   no further round trip. They are the API's own answers for a visitor (made with app.inject, no
//   cookies), which is what the public endpoints answer everyone;
// - for a landing page (`lightStyles`: home, classes, a lesson view), the page itself rendered from
//   those answers by the SSR build (src/entry-server.tsx), so a phone paints the real content from
//   the first response; the SPA hydrates it (src/main.tsx) and its machines start from the answers.
// docs/architecture.md "Loading a public page on a phone" explains the choice.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { criticalCss } from './critical-css';
import {
  BOOT_DATA_ELEMENT_ID,
  DEFERRED_STYLESHEET_ATTRIBUTE,
  bootKey,
  isMissingAnswer,
  jsonForScript,
  MISSING_ANSWER,
  SERVER_RENDERED_ATTRIBUTE,
  type ServerRender,
  type ServerRenderer,
} from '../src/shared/boot-data';
import { EARLY_TAPS_SCRIPT } from '../src/shared/early-taps';
import { matchRoute, type Route, type RouteData, type RouteParams } from '../src/shared/routes';

/** One entry of `dist/.vite/manifest.json` (the fields used here). */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const FULL_STYLES_MODULE = 'src/views/styles/mantine-full.ts';

/** How long a page waits for its data answers before it is sent without them (the SPA then asks). */
const BOOT_DATA_WAIT_MS = 400;
/** Answers larger than this are left to the SPA: they would delay the HTML more than they save. */
const BOOT_DATA_MAX_BYTES = 64 * 1024;

/**
 * `complete`: every data answer the page asks for is inlined (none timed out or was left out), so
 * the page may be reused for other visitors (server/http/public-cache.ts).
 */
export type SpaShell = {
  render(url: string): Promise<{ html: string; complete: boolean; status: 200 | 404 }>;
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where index.html marks the loader that a page rendered on the server replaces. */
const APP_OUTLET = /<!--app-->[\s\S]*?<!--\/app-->/;

/** The routes rendered on the server: the landing pages (their screens need only the public stylesheet). */
function rendersOnServer(route: Route): boolean {
  return (
    route.access === 'public' &&
    route.layout === 'public' &&
    'lightStyles' in route &&
    route.lightStyles === true
  );
}

/** The SSR build's `render`, imported once; null when it was not built (the SPA then renders alone). */
function loadRenderer(distDir: string): () => Promise<ServerRenderer | null> {
  const entry = path.join(distDir, '.ssr', 'entry-server.js');
  let loaded: Promise<ServerRenderer | null> | null = null;
  return () =>
    (loaded ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<ServerRenderer>).catch((error: unknown) => {
          console.error('The server render (dist/.ssr/entry-server.js) failed to load:', error);
          return null;
        })
      : Promise.resolve(null));
}

/** The files a manifest entry needs: its own and those of its static imports, transitively. */
function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
    // A CSS-only module (src/views/styles/mantine-full.ts) is emitted as the stylesheet itself.
    (chunk.file.endsWith('.css') ? css : js).push(chunk.file);
    css.push(...(chunk.css ?? []));
  };
  visit(key);
  return { js, css };
}

/** The API paths (with query) whose answers the route's screen asks for first. */
function dataUrls(
  route: Route,
  params: RouteParams,
  search: URLSearchParams,
): Array<{ url: string; required: boolean }> {
  if (route.access !== 'public' || !('data' in route)) return [];
  return route.data.map((call: RouteData) => {
    const apiPath = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const query: Record<string, string> = {};
    for (const key of call.query ?? []) {
      const value = search.get(key);
      if (value !== null) query[key] = value;
    }
    return { url: bootKey(apiPath, query), required: call.required === true };
  });
}

async function answersFor(
  app: FastifyInstance,
  calls: Array<{ url: string; required: boolean }>,
): Promise<Record<string, unknown>> {
  const answers = await Promise.all(
    calls.map(async ({ url, required }) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      // The page's own resource is missing: the page says so, and answers 404 (issue 24).
      if (required && response.statusCode === 404) return [url, MISSING_ANSWER] as const;
      const usable = response.statusCode === 200 && response.body.length <= BOOT_DATA_MAX_BYTES;
      return usable ? ([url, response.json()] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

/** Reads the built index.html and manifest once; null when the SPA has not been built. */
export function loadSpaShell(app: FastifyInstance, distDir: string): SpaShell | null {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const template = readFileSync(indexPath, 'utf8');
  const renderer = APP_OUTLET.test(template) ? loadRenderer(distDir) : async () => null;
  // Imported now, not by the first visitor's page view.
  void renderer();
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : {};
  // The entry's own chunks are already in index.html.
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inHtml = new Set<string>();
  if (entryKey) {
    const entry = chunkFiles(manifest, entryKey);
    for (const file of [...entry.js, ...entry.css]) inHtml.add(file);
  }

  // A page rendered on the server paints from its HTML alone: the rules of the public stylesheet
  // that its HTML uses come inline (no request to wait for, and little to parse on a phone's CPU:
  // server/critical-css.ts); the stylesheet itself follows them, loaded without blocking the paint
  // (`media="print"`), and the SPA applies it before hydrating, so whatever renders afterwards is
  // styled, in the cascade order of the stylesheet alone. The scripts, which only hydrate the page,
  // are named after the content, so on a slow connection they do not share the bandwidth with the
  // page still arriving.
  const scriptTags = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;
  const entryScripts = (template.match(scriptTags) ?? []).map((tag) => tag.trim()).join('');
  const inlined: { marker: string; critical: ReturnType<typeof criticalCss>; link: string }[] = [];
  const serverTemplate = template
    .replace(scriptTags, '')
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
      const cssPath = path.join(distDir, file);
      if (!existsSync(cssPath)) return tag;
      const marker = `<!--critical-css-${inlined.length}-->`;
      const link = `<link rel="stylesheet" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}="" crossorigin href="/${escapeAttribute(file)}">`;
      inlined.push({ marker, critical: criticalCss(readFileSync(cssPath, 'utf8')), link });
      return marker;
    });
  // The document's own attributes (the colour scheme) count with the page's.
  const htmlTag = /<html[^>]*>/i.exec(template)?.[0] ?? '';
  const withCriticalCss = (html: string, pageHtml: string) =>
    inlined.reduce(
      (out, { marker, critical, link }) =>
        out.replace(
          marker,
          () =>
            `<style>${critical.for(htmlTag + pageHtml).replace(/<\/style/gi, '<\\/style')}</style>${link}`,
        ),
      html,
    );

  const hintsByRoute = new Map<string, { css: string; js: string }>();
  const hintsFor = (route: Route): { css: string; js: string } => {
    const cached = hintsByRoute.get(route.name);
    if (cached !== undefined) return cached;
    const keys = [`src/views/pages/${route.screen.split('#')[0]}.tsx`];
    if (route.layout !== 'none') keys.unshift(`src/views/layouts/${route.layout}-layout.tsx`);
    // Mantine's full stylesheet comes with every screen but the light public ones (src/views/full-styles.ts).
    const light = route.layout === 'public' && 'lightStyles' in route && route.lightStyles;
    if (!light) keys.unshift(FULL_STYLES_MODULE);
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const files = chunkFiles(manifest, key);
      for (const file of files.js) if (!inHtml.has(file)) js.add(file);
      for (const file of files.css) if (!inHtml.has(file)) css.add(file);
    }
    const hints = {
      css: [...css]
        .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`)
        .join(''),
      js: [...js]
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)
        .join(''),
    };
    hintsByRoute.set(route.name, hints);
    return hints;
  };

  return {
    async render(url) {
      const { route, params } = matchRoute(url);
      // A protected page may be redirected by the session guard: it gets the plain shell.
      if (route.access !== 'public' && route.access !== 'guest')
        return { html: template, complete: true, status: 200 };
      const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const calls = dataUrls(route, params, search);
      const answers = calls.length ? await withTimeout(answersFor(app, calls), BOOT_DATA_WAIT_MS, {}) : {};
      const urls = calls.map((call) => call.url);
      const status = Object.values(answers).some(isMissingAnswer) ? 404 : 200;
      const data = Object.keys(answers).length
        ? `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${jsonForScript(answers)}</script>`
        : '';
      const rendered = rendersOnServer(route) ? await serverRender(url, answers) : null;
      const page = rendered === 'failed' ? null : rendered;
      const hints = hintsFor(route);
      // Replacer functions: a replacement string would read `$\`` or `$'` in user text as patterns.
      let html: string;
      if (page) {
        html = withCriticalCss(serverTemplate, page.html)
          // Taps on its buttons before the app has loaded are held, not lost (src/shared/early-taps.ts).
          .replace('</head>', () => `<script>${EARLY_TAPS_SCRIPT}</script>${hints.css}</head>`)
          .replace(APP_OUTLET, () => page.html)
          .replace('<div id="root">', () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="">`)
          .replace('</body>', () => `${entryScripts}${hints.js}${data}</body>`);
        if (page.title)
          html = html.replace(
            /<title>[^<]*<\/title>/,
            () => `<title>${escapeText(page.title ?? '')}</title>`,
          );
      } else {
        html = template
          .replace('</head>', () => `${hints.css}${hints.js}</head>`)
          .replace('</body>', () => `${data}</body>`);
      }
      // A page whose render failed is not reused: the next visitor's may succeed.
      return {
        html,
        // A missing page is not kept: the cache answers 200, and the lesson may be approved soon.
        complete: status === 200 && rendered !== 'failed' && Object.keys(answers).length === urls.length,
        status,
      };
    },
  };

  /** The page rendered by the SSR build; null when it was not built, 'failed' when it threw (the SPA then renders it). */
  async function serverRender(
    url: string,
    answers: Record<string, unknown>,
  ): Promise<ServerRender | null | 'failed'> {
    const ssr = await renderer();
    if (!ssr) return null;
    try {
      return await ssr.render(url, answers);
    } catch (error) {
      app.log.error({ err: error, url }, 'server render failed; sending the app shell');
      return 'failed';
    }
  }
}

/**
 * Renders the landing pages once, in-process, before the server takes visitors: the first page
 * after a start otherwise pays for the cold start (modules set up, the first server render, the
 * first queries), 2–3 s of LCP for `/` on a phone in bench:web against well under 1 s after. Home,
 * the classes list, the first public lesson's view, the first class's page and the first teacher's
 * profile; their answers and HTML also land in the public cache. A failure is logged, never fatal.
 */
export async function warmLandingPages(app: FastifyInstance): Promise<void> {
  const visit = async (url: string) => {
    try {
      return await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    } catch (error) {
      app.log.warn({ err: error, url }, 'warming a landing page failed');
      return null;
    }
  };
  await visit('/');
  await visit('/classes');
  const lessons = await visit('/api/web/lessons?per_page=1');
  const code = lessons?.statusCode === 200 ? firstOf(lessons.json(), 'code') : null;
  if (code) await visit(`/lessons/view/${encodeURIComponent(code)}`);
  // The page a class card opens (classpage, issue 24).
  const classes = await visit('/api/web/classes?per_page=1');
  const classId = classes?.statusCode === 200 ? firstOf(classes.json(), 'id') : null;
  if (classId) await visit(`/classes/view/${encodeURIComponent(classId)}`);
  // profile (issue 25): a teacher's profile.
  const teachers = await visit('/api/web/teachers?per_page=1');
  const teacherId = teachers?.statusCode === 200 ? firstOf(teachers.json(), 'id') : null;
  if (teacherId) await visit(`/teachers/${encodeURIComponent(teacherId)}`);
}

/** A field of a list answer's first item, as text; null when there is none. */
function firstOf(body: unknown, field: 'code' | 'id'): string | null {
  const first = (body as { data?: Array<Record<string, unknown>> } | null)?.data?.[0];
  const value = first?.[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}
