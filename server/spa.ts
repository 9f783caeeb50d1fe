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
//
// A protected route (access `auth` or `completion`) is the signed-in user's own page (signedin,
// issue 27): its answers are made with the request's cookie, so they are this user's and the HTML is
// never shared (server/app.ts sends it `private, no-store` and keeps it out of the public cache). It
// carries the answers the workspace asks for as it starts (the user, the cart, the unread counts)
// and the screen's own first data; the daily pages (`serverRendered`) come rendered from them.
// Without a signed-in session the page is a redirect to sign-in. docs/workspace-speed.md "signedin".
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
import { todayIn } from '../src/shared/calendar-days';
import {
  matchRoute,
  SIGN_IN_PATH,
  signInPathFor,
  type Route,
  type RouteData,
  type RouteParams,
} from '../src/shared/routes';
import { placeFromSearch, timetableQuery } from '../src/shared/timetable-place';

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
export type SpaPage = { html: string; complete: boolean; status: 200 | 404 };
export type SpaShell = {
  /** A public or guest page: the same for everyone (the public cache may keep it when `complete`). */
  render(url: string): Promise<SpaPage>;
  /**
   * A protected page for the session the request's `cookie` header names: the page, made from that
   * user's answers (never to be shared), or `redirect` (sign-in) when no one is signed in.
   */
  renderPrivate(url: string, cookie: string): Promise<SpaPage | { redirect: string }>;
};

/** A route only a signed-in user may open: its HTML is made for one user (server/app.ts). */
export function isPrivateRoute(route: Route): boolean {
  return route.access === 'auth' || route.access === 'completion';
}

/**
 * The calls the workspace makes as it starts for a signed-in user, with the keys it asks them under
 * (src/services/http.ts `bootKey`): the session (src/machines/session-machine.ts), the cart
 * (cart-machine.ts), the bell's newest notifications and the top bar's unread messages
 * (src/services/notification-service.ts `fetchLatestNotifications`).
 */
export const SESSION_CALLS = [
  '/api/user',
  '/api/cart',
  bootKey('/api/notifications', { per_page: '10' }),
  bootKey('/api/messages', { per_page: '1' }),
] as const;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where index.html marks the loader that a page rendered on the server replaces. */
const APP_OUTLET = /<!--app-->[\s\S]*?<!--\/app-->/;

/**
 * The routes rendered on the server: the landing pages (their screens need only the public
 * stylesheet), and the signed-in user's daily pages (`serverRendered`, from that user's answers).
 */
function rendersOnServer(route: Route): boolean {
  if ('serverRendered' in route && route.serverRendered === true) return true;
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
  if (!('data' in route)) return [];
  return route.data.map((call: RouteData) => {
    const apiPath = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const query: Record<string, string> = {};
    for (const key of call.query ?? []) {
      const value = search.get(key);
      // As the SPA's lists ask (src/machines/load-machine.ts `normaliseQuery`): no empty keys, no page 1.
      if (value !== null && value !== '' && !(key === 'page' && value === '1')) query[key] = value;
    }
    for (const [key, value] of Object.entries(call.defaults ?? {})) query[key] ??= value;
    // The week (or month) the timetable opens on, as the screen computes it: today in Nairobi, the
    // learner's zone (src/views/pages/timetable/timetable-dates.ts); another day's browser just asks.
    if (call.timetableRange === true)
      Object.assign(query, timetableQuery(placeFromSearch(Object.fromEntries(search), todayIn())));
    return { url: bootKey(apiPath, query), required: call.required === true };
  });
}

async function answersFor(
  app: FastifyInstance,
  calls: Array<{ url: string; required: boolean }>,
  cookie?: string,
): Promise<Record<string, unknown>> {
  // A protected page's answers are the signed-in user's: asked with the request's own cookie.
  const headers = cookie ? { accept: 'application/json', cookie } : { accept: 'application/json' };
  const answers = await Promise.all(
    calls.map(async ({ url, required }) => {
      const response = await app.inject({ method: 'GET', url, headers });
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

  const hintsByRoute = new Map<string, { css: string; js: string; files: string[] }>();
  const hintsFor = (route: Route): { css: string; js: string; files: string[] } => {
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
      files: [...css],
    };
    hintsByRoute.set(route.name, hints);
    return hints;
  };

  // A server-rendered workspace page paints from its HTML as a landing page does: the rules of the
  // route's own stylesheets (Mantine's full one, the layout's and screen's) that its HTML uses come
  // inline after the public stylesheet's, each stylesheet following without blocking the paint.
  const sheets = new Map<string, ReturnType<typeof criticalCss> | null>();
  const sheetOf = (file: string) => {
    if (!sheets.has(file)) {
      const cssPath = path.join(distDir, file);
      sheets.set(file, existsSync(cssPath) ? criticalCss(readFileSync(cssPath, 'utf8')) : null);
    }
    return sheets.get(file) ?? null;
  };
  const routeStyles = (files: string[], pageHtml: string) =>
    files
      .map((file) => {
        const critical = sheetOf(file);
        const link = `<link rel="stylesheet" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}="" crossorigin href="/${escapeAttribute(file)}">`;
        if (!critical) return `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`;
        return `<style>${critical.for(htmlTag + pageHtml).replace(/<\/style/gi, '<\\/style')}</style>${link}`;
      })
      .join('');

  /** The page's HTML from its answers: rendered on the server when the route is, else the shell. */
  async function pageFrom(
    url: string,
    route: Route,
    answers: Record<string, unknown>,
  ): Promise<{ html: string; failed: boolean }> {
    const data = Object.keys(answers).length
      ? `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${jsonForScript(answers)}</script>`
      : '';
    const renderedAt = Date.now();
    const rendered = rendersOnServer(route) ? await serverRender(url, answers, renderedAt) : null;
    const page = rendered === 'failed' ? null : rendered;
    const hints = hintsFor(route);
    // A landing page needs the public stylesheet alone; a workspace page its own as well.
    const light = route.layout === 'public' && 'lightStyles' in route && route.lightStyles;
    // Replacer functions: a replacement string would read `$\`` or `$'` in user text as patterns.
    let html: string;
    if (page) {
      const styles = light ? hints.css : routeStyles(hints.files, page.html);
      html = withCriticalCss(serverTemplate, page.html)
        // Taps on its buttons before the app has loaded are held, not lost (src/shared/early-taps.ts).
        .replace('</head>', () => `<script>${EARLY_TAPS_SCRIPT}</script>${styles}</head>`)
        .replace(APP_OUTLET, () => page.html)
        .replace('<div id="root">', () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${renderedAt}">`)
        .replace('</body>', () => `${entryScripts}${hints.js}${data}</body>`);
      if (page.title)
        html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title ?? '')}</title>`);
    } else {
      html = template
        .replace('</head>', () => `${hints.css}${hints.js}</head>`)
        .replace('</body>', () => `${data}</body>`);
    }
    return { html, failed: rendered === 'failed' };
  }

  return {
    async render(url) {
      const { route, params } = matchRoute(url);
      // A protected page is made for its user alone (`renderPrivate`); here it is the plain shell.
      if (isPrivateRoute(route)) return { html: template, complete: false, status: 200 };
      const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const calls = dataUrls(route, params, search);
      const answers = calls.length ? await withTimeout(answersFor(app, calls), BOOT_DATA_WAIT_MS, {}) : {};
      const status = Object.values(answers).some(isMissingAnswer) ? 404 : 200;
      const { html, failed } = await pageFrom(url, route, answers);
      // A page whose render failed is not reused: the next visitor's may succeed.
      return {
        html,
        // A missing page is not kept: the cache answers 200, and the lesson may be approved soon.
        complete: status === 200 && !failed && Object.keys(answers).length === calls.length,
        status,
      };
    },

    async renderPrivate(url, cookie) {
      const { route, params } = matchRoute(url);
      const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const [first, ...rest] = SESSION_CALLS;
      // As the SPA's guard does (src/machines/route-guard.ts): nothing to come back to from /sign-out.
      const signIn = { redirect: route.name === 'signOut' ? SIGN_IN_PATH : signInPathFor(url) };
      if (!cookie) return signIn;
      // Asked at once: the session decides, the others wait no longer than a public page's answers.
      const others = [...rest, ...dataUrls(route, params, search).map((call) => call.url)]
        .filter((call, index, all) => all.indexOf(call) === index)
        .map((call) => ({ url: call, required: false }));
      const pending = withTimeout(answersFor(app, others, cookie), BOOT_DATA_WAIT_MS, {});
      const user = await answersFor(app, [{ url: first, required: false }], cookie);
      // No signed-in session (none, expired, or signed out): the others answered 401 as well.
      if (!(first in user)) return signIn;
      const answers = { ...user, ...(await pending) };
      const { html } = await pageFrom(url, route, answers);
      return { html, complete: false, status: 200 };
    },
  };

  /** The page rendered by the SSR build; null when it was not built, 'failed' when it threw (the SPA then renders it). */
  async function serverRender(
    url: string,
    answers: Record<string, unknown>,
    now: number,
  ): Promise<ServerRender | null | 'failed'> {
    const ssr = await renderer();
    if (!ssr) return null;
    try {
      return await ssr.render(url, answers, now);
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
