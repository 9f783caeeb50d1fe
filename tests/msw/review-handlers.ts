// Issue 25's review calls in the fake API (docs/reviews-messages.md "Reviews"): the composer's `mine`,
// writing (checked with the shared rules, one per learner), editing and deleting; the teacher's reviews
// and reply; a report; the admins' moderation (409 once decided). State lives in `reviewsFake`, reset
// after each test; every test gets these handlers (the learner's past lesson page shows the composer).
import { http } from 'msw';
import { t } from '@/shared/messages';
import { replyTextProblem, reportReasonProblem, reviewTextProblem, starsProblem } from '@/shared/reviews';
import { guard, invalid, json, paged } from './handler-kit';

type Wire = Record<string, unknown>;

export const NOT_ELIGIBLE = 'You can review a teacher after a lesson with them has taken place.';

const rating = (count: number) => ({
  score: count ? 4.2 : null,
  mean: count ? 4.5 : null,
  count,
  distribution: { '1': 0, '2': 0, '3': 0, '4': count ? 1 : 0, '5': Math.max(0, count - 1) },
});

export function fakeReview(id: number, extra: Wire = {}): Wire {
  return {
    id,
    stars: 5,
    text: 'Patient and clear, my algebra is much better now.',
    author: { name: 'Amina W.' },
    by_parent: false,
    reply: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    edited: false,
    status: 'published',
    teacher_id: 3,
    student_id: 301,
    ...extra,
  };
}

function moderated(id: number, extra: Wire = {}): Wire {
  return {
    ...fakeReview(id, { status: 'reported', text: 'Never on time and rude to everyone in class.' }),
    teacher: { id: 3, name: 'Grace Mwangi' },
    moderated_at: null,
    reports: [
      { reason: 'Insulting', reporter: { name: 'Wanjiku Kamau' }, created_at: '2026-11-26T10:30:00.000Z' },
    ],
    ...extra,
  };
}

function fresh() {
  return {
    /** What `GET /api/reviews/mine` answers (the review, once written, lives here). */
    mine: {
      data: null as Wire | null,
      eligible: true,
      reason: null as string | null,
      student_id: 301,
      students: [] as Wire[],
    },
    /** The teacher's reviews (`GET /api/teacher/reviews`). */
    teacher: [fakeReview(51, { author: { name: 'Baraka O.' } }), fakeReview(52, { stars: 4, text: null })],
    /** Every review the admins can see. */
    moderation: [
      moderated(61),
      moderated(62, {
        status: 'hidden',
        moderated_at: '2026-11-26T12:00:00.000Z',
        author: { name: 'Jabali K.' },
      }),
    ],
    /** Each call's body, by `METHOD /path`. */
    bodies: new Map<string, Wire>(),
    /** When set, the next write answers this status with the general message (a failure to retry). */
    failNext: null as number | null,
  };
}

export const reviewsFake = {
  ...fresh(),
  reset() {
    Object.assign(this, fresh());
  },
};

const notFound = () => json({ message: t('messages.notFound') }, 404);

async function bodyOf(request: Request): Promise<Wire> {
  const body = (await request.json().catch(() => ({}))) as Wire;
  reviewsFake.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

function failure(): Response | null {
  const status = reviewsFake.failNext;
  if (status === null) return null;
  reviewsFake.failNext = null;
  return json({ message: 'Something went wrong on our side. Please try again.' }, status);
}

function reviewProblems(body: Wire) {
  const errors: Record<string, string[]> = {};
  const stars = starsProblem(body.stars);
  if (stars) errors.stars = [stars];
  const text = reviewTextProblem(typeof body.text === 'string' ? body.text : '');
  if (text) errors.text = [text];
  return errors;
}

export const reviewHandlers = [
  http.get('/api/reviews/mine', ({ request }) => guard(request) ?? json(reviewsFake.mine)),
  http.post('/api/reviews', async ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const failed = failure();
    if (failed) return failed;
    const errors = reviewProblems(body);
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (!reviewsFake.mine.eligible) return json({ message: NOT_ELIGIBLE }, 403);
    if (reviewsFake.mine.data) return invalid({ teacher_id: [t('reviews.already')] });
    const text = typeof body.text === 'string' && body.text.trim() ? body.text.trim() : null;
    reviewsFake.mine.data = fakeReview(71, { stars: body.stars, text });
    return json({ message: t('reviews.created'), data: reviewsFake.mine.data, rating: rating(1) }, 201);
  }),
  http.post('/api/reviews/update/:id', async ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const review = reviewsFake.mine.data;
    if (!review || String(review.id) !== params.id) return notFound();
    const errors = reviewProblems(body);
    if (Object.keys(errors).length > 0) return invalid(errors);
    const text = typeof body.text === 'string' && body.text.trim() ? body.text.trim() : null;
    Object.assign(review, { stars: body.stars, text, edited: true });
    return json({ message: t('reviews.updated'), data: review, rating: rating(1) });
  }),
  http.delete('/api/reviews/delete/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    if (!reviewsFake.mine.data || String(reviewsFake.mine.data.id) !== params.id) return notFound();
    reviewsFake.mine.data = null;
    return json({ message: t('reviews.deleted'), rating: rating(0) });
  }),
  http.get('/api/teacher/reviews', ({ request }) => {
    const refused = guard(request, 'teacher');
    if (refused) return refused;
    return json({ ...paged(reviewsFake.teacher, new URL(request.url).searchParams), rating: rating(2) });
  }),
  http.post('/api/reviews/reply/:id', async ({ request, params }) => {
    const refused = guard(request, 'teacher');
    if (refused) return refused;
    const body = await bodyOf(request);
    const review = reviewsFake.teacher.find((item) => String(item.id) === params.id);
    if (!review) return notFound();
    const problem = replyTextProblem(typeof body.text === 'string' ? body.text : '');
    if (problem) return invalid({ text: [problem] });
    review.reply = { text: String(body.text).trim(), replied_at: '2026-11-27T09:00:00.000Z' };
    return json({ message: t('reviews.replied'), data: review });
  }),
  http.post('/api/reviews/report/:id', async ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const problem = reportReasonProblem(typeof body.reason === 'string' ? body.reason : '');
    if (problem) return invalid({ reason: [problem] });
    return json({ message: t('reviews.reported') });
  }),
  http.get('/api/admin/reviews', ({ request }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const status = query.get('status') ?? 'reported';
    const rows = reviewsFake.moderation.filter((item) => status === 'all' || item.status === status);
    return json(paged(rows, query));
  }),
  ...(['hide', 'keep'] as const).map((action) =>
    http.post(`/api/admin/reviews/${action}/:id`, async ({ request, params }) => {
      const refused = guard(request, 'admin');
      if (refused) return refused;
      await bodyOf(request);
      const review = reviewsFake.moderation.find((item) => String(item.id) === params.id);
      if (!review) return notFound();
      if (review.status !== 'reported') return json({ message: t('reviews.decided') }, 409);
      Object.assign(review, {
        status: action === 'hide' ? 'hidden' : 'kept',
        moderated_at: '2026-11-27T09:30:00.000Z',
      });
      return json({
        message: t(action === 'hide' ? 'reviews.hidden' : 'reviews.kept'),
        data: review,
        rating: rating(1),
      });
    }),
  ),
];
