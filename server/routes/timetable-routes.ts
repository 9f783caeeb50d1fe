// The timetable and calendars (docs/learning-workspace.md): booked lessons by Nairobi days,
// iCalendar downloads, and the private feed a calendar app subscribes to (`/calendar/{token}.ics`,
// no session: the token is the credential).
import { privateCacheRoute } from '../http/private-cache';
import { object } from 'superstruct';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import { bookingItem } from '../resources/commerce-resource';
import { learnersOf } from '../services/lesson-service';
import * as timetableService from '../services/timetable-service';
import { nairobiDayEnd, nairobiDayStart } from '../services/web-service';
import { t } from '../../src/shared/messages';
import { asText, day, id, maybe, text, withFieldErrors } from '../../src/shared/request-schemas';
import type { FieldErrors } from '../../src/shared/validation';

const { MAX_TIMETABLE_DAYS, addDays, daysBetween, nairobiDay } = timetableService;

const TimetableQuery = withFieldErrors(
  object({ from: maybe(day()), to: maybe(day()), student_id: maybe(id()) }),
  'timetableRange',
  (query): FieldErrors => {
    const [from, to] = [asText(query.from), asText(query.to)];
    if (!from || !to) return {};
    if (to < from) return { to: [t('validation.dateRange')] };
    if (daysBetween(from, to) > MAX_TIMETABLE_DAYS)
      return { to: [t('timetable.rangeTooLong', { max: MAX_TIMETABLE_DAYS })] };
    return {};
  },
);

const StudentQuery = object({ student_id: maybe(id()) });

const sendCalendar = (reply: FastifyReply, body: string, filename: string | null) => {
  reply
    .type('text/calendar; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (filename) reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  return reply.send(body);
};

export function timetableRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { preValidation: guards.authenticate };
  // Answered from memory per user until a write changes them (server/http/private-cache.ts).
  const cachedRead = { ...signedIn, config: privateCacheRoute };
  const { db, config } = ctx;

  api.get('/api/timetable', { ...cachedRead, schema: { querystring: TimetableQuery } }, async (request) => {
    const query = request.query;
    // Without a range: the week from today; with one end only, the week from or up to it.
    const from = query.from ?? (query.to ? addDays(query.to, -6) : nairobiDay(new Date()));
    const to = query.to ?? addDays(from, 6);
    const userId = currentUser(request).id;
    const learners = await learnersOf(db, userId, query.student_id);
    const [start, end] = [nairobiDayStart(from), nairobiDayEnd(to)];
    const rows = await timetableService.timetable(db, learners, start, end);
    const booked = rows.map(({ lesson, booking, studentName }) => bookingItem(lesson, booking, studentName));
    // A teacher's own lessons (issue 24), marked `teaching` and with no booking; not when a
    // parent asks for one child.
    const taught =
      query.student_id === undefined ? await timetableService.taughtLessons(db, userId, start, end) : [];
    const teaching = taught.map((lesson) => ({ ...lesson, teaching: true, booking: null }));
    return {
      data: [...booked, ...teaching].sort(
        (a, b) => Date.parse(a.start_at ?? '') - Date.parse(b.start_at ?? '') || a.id - b.id,
      ),
    };
  });

  api.get(
    '/api/lessons/ics/:code',
    { ...signedIn, schema: { params: object({ code: text({ max: 100 }) }) } },
    async (request, reply) => {
      const { code } = request.params;
      const body = await timetableService.lessonCalendar(db, currentUser(request).id, code, config.appUrl);
      return sendCalendar(reply, body, `somesha-${code.replace(/[^A-Za-z0-9-]/g, '_')}.ics`);
    },
  );

  api.get(
    '/api/timetable/ics',
    { ...signedIn, schema: { querystring: StudentQuery } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const learners = await learnersOf(db, userId, request.query.student_id);
      const body = await timetableService.learnerCalendar(db, userId, learners, config.appUrl);
      return sendCalendar(reply, body, 'somesha-timetable.ics');
    },
  );

  api.get('/api/timetable/feed', signedIn, async (request) => {
    const token = await timetableService.feedToken(db, currentUser(request).id);
    return { url: timetableService.feedUrl(config.appUrl, token) };
  });

  api.post('/api/timetable/feed/reset', { ...signedIn, bodyLimit: BODY_LIMIT.json }, async (request) => {
    const token = await timetableService.resetFeedToken(db, currentUser(request).id);
    return { url: timetableService.feedUrl(config.appUrl, token) };
  });

  api.get(
    '/calendar/:file',
    { schema: { params: object({ file: text({ max: 200 }) }) } },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      const userId = match?.[1] ? await timetableService.feedOwner(db, match[1]) : null;
      if (userId === null) throw notFound();
      const learners = await learnersOf(db, userId);
      const body = await timetableService.learnerCalendar(db, userId, learners, config.appUrl, {
        refreshHours: 1,
      });
      return sendCalendar(reply, body, null);
    },
  );
}
