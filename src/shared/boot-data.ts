// The answers to a page's first API calls, sent inside its HTML (server/spa.ts) so a phone on
// mobile data does not wait for a second round trip before the page can show its content.
// The server writes them under a key made from the call's path and query; the SPA's HTTP client
// (src/services/http.ts) makes the same key for each GET and takes a matching answer once.

/** The id of the `<script type="application/json">` element that carries the answers. */
export const BOOT_DATA_ELEMENT_ID = 'somesha-boot-data';

/**
 * Set by the server on `#root` when it holds the page rendered on the server (src/entry-server.tsx): the
 * SPA hydrates it. Its value is when the page was rendered (ms since the epoch), the time hydration reads.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * Set by the server on a stylesheet a server-rendered page loads without waiting for it (`media="print"`,
 * its rules for the first paint being inline): src/main.tsx applies it before hydrating.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred-stylesheet';

/** A page rendered on the server: its HTML (the inside of `#root`) and its `<title>`, if it set one. */
export type ServerRender = { html: string; title: string | null };
/** What the SSR build (src/entry-server.tsx → dist/.ssr/entry-server.js) exports to the server. */
export type ServerRenderer = {
  render(url: string, answers: Readonly<Record<string, unknown>>, now?: number): Promise<ServerRender>;
};

/** An answer is only used this long after the page started loading; later calls ask the server. */
export const BOOT_DATA_FRESH_MS = 30_000;

/**
 * The answer the page carries for a call marked `required` in the route table that answered 404
 * (a lesson code that does not exist or is not public): the screen shows the not-found page from
 * it, as the server did, and asks nothing (issue 24).
 */
export const MISSING_ANSWER = { not_found: true } as const;
export function isMissingAnswer(answer: unknown): boolean {
  return (
    typeof answer === 'object' && answer !== null && (answer as { not_found?: unknown }).not_found === true
  );
}

export type BootQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** `/api/web/classes` + `{page: 2, subject: 'maths'}` → `/api/web/classes?page=2&subject=maths` (keys sorted). */
export function bootKey(path: string, query: BootQuery = {}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` are escaped, so text such as a
 * question titled `</script><script>…` stays data (JSON.parse reads the escapes back).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
