// The plain HTML both gateway sandboxes serve (the M-Pesa paybill page and Pesapal's hosted page).
// No script at all: the API's Content-Security-Policy forbids inline scripts, and none is needed.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { safeEqual } from '../../security/tokens';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `body` is trusted HTML: every value in it must already have passed through `escapeHtml`. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1a1b1e; background: #f8f9fa; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .note { font-size: .875rem; color: #5c5f66; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: .5rem 0 1rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; border: 1px solid #adb5bd; border-radius: 4px; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { flex: 1; padding: .625rem 1rem; font-size: 1rem; border-radius: 4px; border: 1px solid #1864ab; cursor: pointer; }
  button.primary { background: #1864ab; color: #fff; }
  button.secondary { background: #fff; color: #1864ab; }
  button:focus-visible, input:focus-visible { outline: 3px solid #74c0fc; outline-offset: 2px; }
  [role=alert] { color: #c92a2a; }
  [role=status] { color: #2b8a3e; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Form posts are parsed only inside the sandbox's own plugin scope, so the API keeps its JSON-only parsers. */
export function acceptUrlEncodedForms(scope: FastifyInstance): void {
  const type = 'application/x-www-form-urlencoded';
  if (scope.hasContentTypeParser(type)) return;
  scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Reads one field of a parsed form body as a trimmed string. */
export function formField(body: unknown, name: string): string {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The sandbox pages stand in for a customer's phone and Pesapal's site, so they are for signed-in
 * users only, and their forms carry the session's CSRF token (`_token`): another site cannot make a
 * signed-in browser "pay". A visitor is sent to sign in and brought back.
 */
export function requireSignedInTester(scope: FastifyInstance, title: string): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (!request.session?.userId) {
      if (request.method === 'GET')
        return reply.redirect(`/sign-in?redirect=${encodeURIComponent(request.url)}`, 303);
      return sandboxReply(
        reply,
        401,
        title,
        '<h1>Sign in first</h1>\n<p role="alert">Sign in to use the sandbox.</p>',
      );
    }
  });
  scope.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const sent = formField(request.body, '_token');
    if (!request.session || !sent || !safeEqual(sent, request.session.csrfToken))
      return sandboxReply(
        reply,
        419,
        title,
        '<h1>Page expired</h1>\n<p role="alert">This form is out of date. Go back, reload the page and try again.</p>',
      );
  });
}

/** The hidden CSRF field every sandbox form carries. */
export function csrfField(csrfToken: string | undefined): string {
  return `<input type="hidden" name="_token" value="${escapeHtml(csrfToken ?? '')}">`;
}

export function sandboxReply(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(sandboxPage(title, body));
}
