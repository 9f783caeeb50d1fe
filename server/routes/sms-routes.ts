// SMS (issue 26, docs/messaging.md "sms"): Africa's Talking's delivery reports and opt-outs on the
// gateways' secret hook paths, the development SMS box (/dev/sms, /dev/sms.json), and the short app
// links SMS carry (`/l/{code}`).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { optional, size, string, type } from 'superstruct';
import type { Database } from '../db/client';
import { escapeHtml } from '../gateways/mail/templates';
import { acceptUrlEncodedForms } from '../gateways/mpesa/sandbox-page';
import type { SmsSandbox } from '../gateways/sms';
import { gatewayHookGuard } from '../http/gateway-hooks';
import { typed } from '../http/validation';
import { callbackPaths } from '../services/callback-secret-service';
import { applyDeliveryReport, recordOptOut, shortLinkPath } from '../services/sms-service';
import { t } from '../../src/shared/messages';

/** Africa's Talking's reports are a few hundred bytes. */
const HOOK_BODY_LIMIT = 16 * 1024;

/** A delivery report (form-encoded): `id`, `status` and `phoneNumber` as Africa's Talking always sends them. */
const DeliveryReport = type({
  id: size(string(), 1, 200),
  status: size(string(), 1, 50),
  phoneNumber: size(string(), 1, 30),
  networkCode: optional(size(string(), 0, 20)),
  failureReason: optional(size(string(), 0, 200)),
  retryCount: optional(size(string(), 0, 10)),
});

/** A bulk SMS opt-out: the number that replied STOP, and the sender ID it opted out of. */
const OptOut = type({
  phoneNumber: size(string(), 1, 30),
  senderId: optional(size(string(), 0, 50)),
});

export function smsHookRoutes(
  app: FastifyInstance,
  ctx: { db: Database; callbackAllowList?: readonly string[] },
  secret: string,
): void {
  const paths = callbackPaths();
  const options = {
    onRequest: gatewayHookGuard(secret, ctx.callbackAllowList),
    bodyLimit: HOOK_BODY_LIMIT,
  };
  void app.register(async (scope) => {
    // Africa's Talking posts form-encoded bodies; only these routes parse them.
    acceptUrlEncodedForms(scope);
    const api = typed(scope);
    // Anything well-formed is acknowledged with 200, believed or not, so a forger learns nothing.
    api.post(paths.smsDelivery, { ...options, schema: { body: DeliveryReport } }, async (request, reply) => {
      await applyDeliveryReport(ctx.db, request.body);
      return reply.type('text/plain; charset=utf-8').send('OK');
    });
    api.post(paths.smsOptOut, { ...options, schema: { body: OptOut } }, async (request, reply) => {
      await recordOptOut(ctx.db, request.body.phoneNumber);
      return reply.type('text/plain; charset=utf-8').send('OK');
    });
  });
}

/** A path of this site only: `/…`, never `//host` or `/\host` (which browsers read as another site). */
export function isSitePath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && !/[\s\\]/.test(path);
}

const SHORT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

function linkNotFound(reply: FastifyReply) {
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('sms.linkNotFoundTitle'))} | Somesha</title>
<style>body{font-family:system-ui,sans-serif;max-width:600px;margin:3rem auto;padding:0 1rem;color:#212529}a{color:#1864ab}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t('sms.linkNotFoundTitle'))}</h1>
<p>${escapeHtml(t('sms.linkNotFound'))}</p>
<p><a href="/">${escapeHtml(t('sms.linkNotFoundHome'))}</a></p>
</main>
</body>
</html>`;
  return reply.status(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
}

/** `{APP_URL}/l/{code}` → 302 to the stored path of this site; any other code: a 404 page. */
export function shortLinkRoutes(app: FastifyInstance, db: Database): void {
  app.get('/l/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const path = SHORT_CODE.test(code) ? await shortLinkPath(db, code) : null;
    if (!path || !isSitePath(path)) return linkNotFound(reply);
    return reply.header('Cache-Control', 'no-store').redirect(path, 302);
  });
}

/** The SMS's text with its links (short links) clickable; matched after escaping, so no quote or `&` gets in. */
const linked = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>&]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The development SMS box: what the sandbox received, newest first (never registered in production). */
export function smsDevRoutes(app: FastifyInstance, sandbox: SmsSandbox | null): void {
  const latest = async () => (sandbox ? sandbox.latest() : []);

  app.get('/dev/sms.json', async () => ({
    data: (await latest()).map((row) => ({
      id: row.id,
      to: row.to,
      from: row.from,
      text: row.text,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
  }));

  app.get('/dev/sms', async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (row) => `<article>
  <p class="meta">To ${escapeHtml(row.to)}${row.from ? ` · from ${escapeHtml(row.from)}` : ''} · ${escapeHtml(row.createdAt.toISOString())} · <strong>${escapeHtml(row.status)}</strong></p>
  <pre>${linked(row.text)}</pre>
</article>`,
      )
      .join('\n');
    const intro = !sandbox
      ? 'SMS go to Africa&#39;s Talking (AT_USERNAME is set): nothing is kept here.'
      : rows.length === 0
        ? 'No SMS yet.'
        : `${rows.length} SMS, newest first.`;
    const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>SMS outbox | Somesha</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap;font-size:1rem}</style>
</head>
<body>
<h1>SMS outbox</h1>
<p>${intro}</p>
${items}
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
  });
}
