// The activity feed, notifications and the live-event stream (docs/learning-workspace.md):
// `/api/activities`, `/api/notifications…`, `/api/events`. Everything is the signed-in user's own.
import { privateCacheRoute } from '../http/private-cache';
import type { OutgoingHttpHeaders } from 'node:http';
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { unauthenticated } from '../http/errors';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { listActivities } from '../services/activity-service';
import { EventPump, type EventPumpOptions } from '../services/event-service';
import { listNotifications, markAllRead, markRead } from '../services/notification-service';
import { choice, maybe, page, perPage, uuid } from '../../src/shared/request-schemas';

const PER_PAGE = 15;

const ActivitiesQuery = object({ page: maybe(page()), per_page: maybe(perPage()) });

const NotificationsQuery = object({
  page: maybe(page()),
  per_page: maybe(perPage()),
  unread: maybe(choice(['0', '1', 'true', 'false'])),
});

/** A malformed id is a 422 like every other bad id; a well-formed one that is not the caller's, 404. */
const ReadParams = object({ id: uuid() });

/** Written first on every stream: the browser waits this long before reconnecting. */
const SSE_PREAMBLE = 'retry: 3000\n\n';

export function notificationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  options: { events?: Partial<EventPumpOptions> } = {},
): EventPump {
  const api = typed(app);
  const { db } = ctx;
  const signedIn = { preValidation: guards.authenticate };
  // Answered from memory per user until a write changes them (server/http/private-cache.ts).
  const cachedRead = { ...signedIn, config: privateCacheRoute };

  api.get('/api/activities', { ...signedIn, schema: { querystring: ActivitiesQuery } }, async (request) =>
    listActivities(db, currentUser(request).id, pageRequest(request.query, PER_PAGE)),
  );

  api.get(
    '/api/notifications',
    { ...cachedRead, schema: { querystring: NotificationsQuery } },
    async (request) => {
      const unread = request.query.unread;
      return listNotifications(
        db,
        currentUser(request).id,
        { unreadOnly: unread === '1' || unread === 'true' },
        pageRequest(request.query, PER_PAGE),
      );
    },
  );

  // Declared before `read/:id`, though find-my-way prefers the static path anyway.
  api.post('/api/notifications/read-all', { ...signedIn, bodyLimit: BODY_LIMIT.json }, async (request) =>
    markAllRead(db, currentUser(request).id),
  );

  api.post(
    '/api/notifications/read/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: ReadParams } },
    async (request) => markRead(db, currentUser(request).id, request.params.id),
  );

  const pump = new EventPump(db, app.log, options.events);
  pump.start();
  // Streams are ended before the server stops accepting: an open stream would keep close() waiting.
  app.addHook('preClose', async () => {
    await pump.stop();
  });
  app.addHook('onClose', async () => {
    await pump.stop();
  });

  app.get('/api/events', signedIn, async (request, reply) => {
    const user = currentUser(request);
    const sessionId = request.session?.id;
    if (!sessionId) throw unauthenticated();
    const headers = {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx and similar proxies would otherwise hold the stream back in their buffers.
      'X-Accel-Buffering': 'no',
    };
    if (request.method === 'HEAD') return reply.headers(headers).status(200).send();
    // From here on the response is ours: no onSend hooks, so @fastify/compress never buffers it.
    reply.hijack();
    const socket = request.raw.socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true);
    const raw = reply.raw;
    // The headers every reply starts with (security-headers.ts) and the stream's own.
    raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...headers });
    raw.write(SSE_PREAMBLE);
    let gone = false;
    let leave: (() => void) | null = null;
    const close = () => {
      gone = true;
      leave?.();
    };
    raw.on('close', close);
    raw.on('error', close);
    try {
      leave = await pump.open({
        userId: user.id,
        sessionId,
        send: (chunk) => {
          raw.write(chunk);
        },
        end: () => {
          raw.end();
        },
      });
    } catch (error) {
      request.log.warn({ err: error }, 'live events: the stream could not start');
      raw.end();
      return;
    }
    // The client left while the stream was being set up.
    if (gone) leave();
  });

  return pump;
}
