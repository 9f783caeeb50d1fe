// Development mailbox: the outbox table as an HTML page and as JSON (never in production).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { escapeHtml } from '../gateways/mail/templates';
import { latestMail } from '../services/mail-outbox-service';

const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];

export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  const latest = () => latestMail(ctx.db);

  app.get('/dev/mail.json', async () => {
    const rows = await latest();
    return {
      data: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: linksIn(row.text),
        created_at: row.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/mail', async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map((row) => {
        const links = linksIn(row.text)
          .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
          .join('');
        return `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To ${escapeHtml(row.to)} · ${escapeHtml(row.createdAt.toISOString())}</p>
  <ul>${links}</ul>
  <pre>${escapeHtml(row.text)}</pre>
</article>`;
      })
      .join('\n');
    const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mail outbox | Somesha</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap}</style>
</head>
<body>
<h1>Mail outbox</h1>
<p>${rows.length === 0 ? 'No messages yet.' : `${rows.length} message(s), newest first.`}</p>
${items}
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
  });
}
