// Reviews of teachers (issue 25, docs/reviews-messages.md "Reviews"): who may write one (a learner, or
// the parent for a child, after a lesson with the teacher that took place), one per learner and
// teacher, the teacher's public reply, reports by anyone signed in and the admins' decision. Every
// answer that changes what counts carries the teacher's rating as it now is.
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { parents, reviewReports, reviews, students, teachers, users } from '../db/schema';
import { HttpError, ValidationError, notFound } from '../http/errors';
import type { PageRequest } from '../http/query';
import { t } from '../../src/shared/messages';
import { reviewerName, type Rating, type ReviewStatus } from '../../src/shared/reviews';
import { announce } from './activity-service';
import { forgetSiteMean, ratingOf } from './rating-service';
import { paged } from './paged';
import { isUniqueViolation } from './payments/settlement';

type Db = Database | Transaction;
export type ReviewRow = typeof reviews.$inferSelect;

/** A learner the signed-in user may review for: themself, or one of their children. */
export type Learner = { id: number; userId: number; name: string; parentUserId: number | null };

/** The public profile's path of a teacher (the slug is optional: `/teachers/:id/:slug?`). */
const profileUrl = (teacherId: number) => `/teachers/${teacherId}`;

// ---- Rating ----

/**
 * The teacher's rating right after a review write (rating-service.ts, the one definition the cards
 * and the profile use); this process's cached site mean is dropped first, so the writer sees their
 * own review counted at once (other processes within a minute).
 */
export async function teacherRating(db: Database, teacherId: number): Promise<Rating> {
  forgetSiteMean(db);
  return ratingOf(db, teacherId);
}

// ---- The wire shapes ----

type ReviewWithNames = ReviewRow & {
  learnerFirstName: string;
  learnerLastName: string;
  learnerUserId: number;
};

const reviewColumns = {
  review: reviews,
  learnerFirstName: users.firstName,
  learnerLastName: users.lastName,
  learnerUserId: students.userId,
};

function withNames(row: {
  review: ReviewRow;
  learnerFirstName: string;
  learnerLastName: string;
  learnerUserId: number;
}): ReviewWithNames {
  return {
    ...row.review,
    learnerFirstName: row.learnerFirstName,
    learnerLastName: row.learnerLastName,
    learnerUserId: row.learnerUserId,
  };
}

/** Reviews with their learner's name: the base of every list here. */
const reviewsWithNames = (db: Db) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(students, eq(students.id, reviews.studentId))
    .innerJoin(users, eq(users.id, students.userId));

/** The public Review: the learner's first name and last initial, never more. */
export function reviewResource(row: ReviewWithNames) {
  return {
    id: row.id,
    stars: row.stars,
    text: row.text,
    author: { name: reviewerName(row.learnerFirstName, row.learnerLastName) },
    by_parent: row.authorUserId !== row.learnerUserId,
    reply:
      row.replyText && row.repliedAt
        ? { text: row.replyText, replied_at: row.repliedAt.toISOString() }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    // Only the author's edits move `updated_at` (replies, reports and decisions do not).
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
  };
}

/** What the author and the teacher see besides: the review's state and whom it is about. */
function ownReviewResource(row: ReviewWithNames) {
  return {
    ...reviewResource(row),
    teacher_id: row.teacherId,
    student_id: row.studentId,
    status: row.status as ReviewStatus,
  };
}

async function reviewById(db: Db, id: number): Promise<ReviewWithNames | null> {
  const [row] = await reviewsWithNames(db).where(eq(reviews.id, id));
  return row ? withNames(row) : null;
}

// ---- Who writes ----

/** The learners the user speaks for: their own learner row, and the children of a parent. */
export async function learnersOf(db: Db, userId: number): Promise<Learner[]> {
  const rows = await db
    .select({
      id: students.id,
      userId: students.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      parentUserId: parents.userId,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .where(or(eq(students.userId, userId), eq(parents.userId, userId)))
    .orderBy(asc(students.id));
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    parentUserId: row.parentUserId,
  }));
}

const speaksFor = (learner: Learner, userId: number) =>
  learner.userId === userId || learner.parentUserId === userId;

/**
 * Whether the learner had a lesson with the teacher that took place: ended, not cancelled, not found
 * not held, the booking not refunded, and, when attendance was recorded for the lesson, joined by the
 * learner (or the parent for them).
 */
export async function hadLessonWith(db: Db, studentId: number, teacherId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 as found
    from bookings b
    join lessons l on l.id = b.lesson_id
    join students s on s.id = b.student_id
    left join parents p on p.id = s.parent_id
    where b.student_id = ${studentId}
      and l.teacher_id = ${teacherId}
      and l.end_at < now()
      and l.cancelled_at is null
      and (l.outcome is null or l.outcome = 'held')
      and b.refund_transaction_id is null
      and (
        not exists (select 1 from lesson_attendance a where a.lesson_id = l.id)
        or exists (
          select 1 from lesson_attendance a
          where a.lesson_id = l.id and a.user_id in (s.user_id, coalesce(p.user_id, s.user_id))
        )
      )
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

async function teacherOf(db: Db, teacherId: number) {
  const [teacher] = await db
    .select({ id: teachers.id, userId: teachers.userId })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  return teacher ?? null;
}

/** Why the user may not review the teacher for this learner, or null when they may. */
async function whyNot(
  db: Db,
  userId: number,
  learner: Learner | null,
  teacher: { id: number; userId: number },
) {
  if (!learner) return t('reviews.onlyLearners');
  if (teacher.userId === userId || teacher.userId === learner.userId) return t('reviews.ownTeacher');
  if (await hadLessonWith(db, learner.id, teacher.id)) return null;
  return t(learner.userId === userId ? 'reviews.notEligible' : 'reviews.notEligibleParent');
}

/**
 * The learner a request is about: `studentId` when given (one the user speaks for, else 422), else
 * the user themself, else a parent's only child; a parent of several must choose (422 on student_id).
 */
function chooseLearner(learners: Learner[], userId: number, studentId: number | null): Learner | null {
  if (studentId !== null) {
    const chosen = learners.find((learner) => learner.id === studentId);
    if (!chosen) throw ValidationError.field('student_id', t('validation.choice'));
    return chosen;
  }
  const own = learners.find((learner) => learner.userId === userId);
  if (own) return own;
  if (learners.length > 1) throw ValidationError.field('student_id', t('reviews.chooseChild'));
  return learners[0] ?? null;
}

async function reviewOf(db: Db, teacherId: number, studentId: number) {
  const [row] = await reviewsWithNames(db).where(
    and(eq(reviews.teacherId, teacherId), eq(reviews.studentId, studentId)),
  );
  return row ? withNames(row) : null;
}

/**
 * `GET /api/reviews/mine?teacher_id=&student_id=`: what the composer needs. Without `student_id` a
 * parent of several children gets the first child who has a review of the teacher, else the first
 * who may write one, else the first.
 */
export async function mine(db: Database, userId: number, teacherId: number, studentId: number | null) {
  const teacher = await teacherOf(db, teacherId);
  if (!teacher) throw notFound();
  const learners = await learnersOf(db, userId);
  let learner: Learner | null;
  if (studentId !== null || learners.some((one) => one.userId === userId) || learners.length <= 1) {
    learner = chooseLearner(learners, userId, studentId);
  } else {
    learner = null;
    for (const child of learners) if (!learner && (await reviewOf(db, teacherId, child.id))) learner = child;
    for (const child of learners)
      if (!learner && (await whyNot(db, userId, child, teacher)) === null) learner = child;
    learner ??= learners[0] ?? null;
  }
  const review = learner ? await reviewOf(db, teacherId, learner.id) : null;
  const reason = review ? null : await whyNot(db, userId, learner, teacher);
  return {
    data: review ? ownReviewResource(review) : null,
    eligible: review !== null || reason === null,
    reason,
    student_id: learner?.id ?? null,
    students: learners.map((one) => ({ id: one.id, name: one.name })),
  };
}

// ---- Writing ----

export type ReviewInput = { stars: number; text: string };

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** `POST /api/reviews`: 201 with the review and the teacher's new rating; the teacher is told. */
export async function createReview(
  db: Database,
  userId: number,
  input: ReviewInput & { teacherId: number; studentId: number | null },
) {
  const teacher = await teacherOf(db, input.teacherId);
  if (!teacher) throw ValidationError.field('teacher_id', t('validation.choice'));
  const learner = chooseLearner(await learnersOf(db, userId), userId, input.studentId);
  const reason = await whyNot(db, userId, learner, teacher);
  if (reason !== null || !learner) throw new HttpError(403, reason ?? t('reviews.onlyLearners'));
  if (await reviewOf(db, teacher.id, learner.id))
    throw ValidationError.field('teacher_id', t('reviews.already'));
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          teacherId: teacher.id,
          studentId: learner.id,
          authorUserId: userId,
          stars: input.stars,
          text: textOrNull(input.text),
        })
        .returning({ id: reviews.id });
      if (!row) throw new Error('Review insert returned no row');
      const text = t('reviews.newText', {
        name: reviewerName(...splitName(learner.name)),
        stars: input.stars,
      });
      await announce(tx, teacher.userId, {
        type: 'review',
        notification: 'review',
        title: t('reviews.newTitle'),
        text,
        url: profileUrl(teacher.id),
        extra: { review_id: row.id, teacher_id: teacher.id, stars: input.stars },
      });
      return row.id;
    });
  } catch (error) {
    // Two first reviews of one pair at once: the unique pair decides, the loser gets the same 422.
    if (isUniqueViolation(error)) throw ValidationError.field('teacher_id', t('reviews.already'));
    throw error;
  }
  const review = await reviewById(db, id);
  if (!review) throw notFound();
  return { data: ownReviewResource(review), rating: await teacherRating(db, teacher.id) };
}

const splitName = (name: string): [string, string] => {
  const [first = '', ...rest] = name.split(' ');
  return [first, rest.join(' ')];
};

/** The review if the user wrote it (the learner or their parent), else 404. */
async function ownReview(db: Db, userId: number, id: number): Promise<ReviewWithNames> {
  const review = await reviewById(db, id);
  if (!review) throw notFound();
  const learner = (await learnersOf(db, userId)).find((one) => one.id === review.studentId);
  if (!learner || !speaksFor(learner, userId)) throw notFound();
  return review;
}

/** `POST /api/reviews/update/{id}`: a kept review is published again; a hidden one stays hidden. */
export async function updateReview(db: Database, userId: number, id: number, input: ReviewInput) {
  const review = await ownReview(db, userId, id);
  await db
    .update(reviews)
    .set({
      stars: input.stars,
      text: textOrNull(input.text),
      authorUserId: userId,
      status: sql`case when ${reviews.status} = 'kept' then 'published' else ${reviews.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(reviews.id, review.id));
  const updated = await reviewById(db, review.id);
  if (!updated) throw notFound();
  return { data: ownReviewResource(updated), rating: await teacherRating(db, review.teacherId) };
}

/** `DELETE /api/reviews/delete/{id}`: its reports go with it. */
export async function deleteReview(db: Database, userId: number, id: number) {
  const review = await ownReview(db, userId, id);
  await db.delete(reviews).where(eq(reviews.id, review.id));
  return { rating: await teacherRating(db, review.teacherId) };
}

// ---- The teacher's side ----

async function teacherIdOfUser(db: Db, userId: number): Promise<number | null> {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  return teacher?.id ?? null;
}

/** `POST /api/reviews/reply/{id} {text}`: the review's teacher only (others 404); again replaces it. */
export async function replyToReview(db: Database, userId: number, id: number, text: string) {
  const teacherId = await teacherIdOfUser(db, userId);
  const review = await reviewById(db, id);
  if (!review || teacherId === null || review.teacherId !== teacherId || review.status === 'hidden')
    throw notFound();
  await db
    .update(reviews)
    .set({ replyText: text.trim(), repliedAt: sql`now()` })
    .where(eq(reviews.id, id));
  const replied = await reviewById(db, id);
  if (!replied) throw notFound();
  return { message: t('reviews.replied'), data: ownReviewResource(replied) };
}

/** `GET /api/teacher/reviews?page=`: the teacher's reviews as shown, newest first, with the rating. */
export async function teacherReviews(db: Database, userId: number, page: PageRequest) {
  const teacherId = await teacherIdOfUser(db, userId);
  if (teacherId === null) throw notFound();
  const where = and(eq(reviews.teacherId, teacherId), ne(reviews.status, 'hidden'));
  const { rows, meta } = await paged(
    page,
    reviewsWithNames(db).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db.select({ total: count() }).from(reviews).where(where),
  );
  return {
    data: rows.map((row) => ownReviewResource(withNames(row))),
    meta,
    rating: await teacherRating(db, teacherId),
  };
}

// ---- Reports and moderation ----

/**
 * `POST /api/reviews/report/{id} {reason}`: anyone signed in but the review's author (or the learner
 * it is about); once per user (again: 200, nothing new). A published review becomes `reported`.
 */
export async function reportReview(db: Database, userId: number, id: number, reason: string) {
  const review = await reviewById(db, id);
  if (!review || review.status === 'hidden') throw notFound();
  const learner = (await learnersOf(db, userId)).find((one) => one.id === review.studentId);
  if (review.authorUserId === userId || (learner && speaksFor(learner, userId)))
    throw new HttpError(403, t('reviews.ownReview'));
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId: id, reporterUserId: userId, reason: reason.trim() })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (inserted.length > 0)
      await tx
        .update(reviews)
        .set({ status: 'reported' })
        .where(and(eq(reviews.id, id), eq(reviews.status, 'published')));
  });
  return { message: t('reviews.reported') };
}

export const ADMIN_REVIEW_FILTERS = ['reported', 'hidden', 'kept', 'all'] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

/** The admin's view of reviews: the public shape, its state, its teacher and its reports. */
async function adminResources(db: Db, rows: ReviewWithNames[]) {
  const ids = rows.map((row) => row.id);
  const teacherIds = [...new Set(rows.map((row) => row.teacherId))];
  const [reports, teacherNames] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            reviewId: reviewReports.reviewId,
            reason: reviewReports.reason,
            createdAt: reviewReports.createdAt,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(reviewReports)
          .innerJoin(users, eq(users.id, reviewReports.reporterUserId))
          .where(inArray(reviewReports.reviewId, ids))
          .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id)),
    teacherIds.length === 0
      ? []
      : db
          .select({ id: teachers.id, firstName: users.firstName, lastName: users.lastName })
          .from(teachers)
          .innerJoin(users, eq(users.id, teachers.userId))
          .where(inArray(teachers.id, teacherIds)),
  ]);
  return rows.map((row) => {
    const teacher = teacherNames.find((one) => one.id === row.teacherId);
    return {
      ...ownReviewResource(row),
      teacher: { id: row.teacherId, name: teacher ? `${teacher.firstName} ${teacher.lastName}`.trim() : '' },
      moderated_at: row.moderatedAt ? row.moderatedAt.toISOString() : null,
      reports: reports
        .filter((report) => report.reviewId === row.id)
        .map((report) => ({
          reason: report.reason,
          reporter: { name: `${report.firstName} ${report.lastName}`.trim() },
          created_at: report.createdAt.toISOString(),
        })),
    };
  });
}

const firstReportAt = sql`(select min(${reviewReports.createdAt}) from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id})`;

/**
 * `GET /api/admin/reviews?status=`: reported ones oldest report first (the queue); hidden and kept
 * ones latest decision first; all: newest first.
 */
export async function adminReviews(db: Database, filter: AdminReviewFilter, page: PageRequest) {
  const where = filter === 'all' ? undefined : eq(reviews.status, filter);
  const order =
    filter === 'reported'
      ? [asc(firstReportAt), asc(reviews.id)]
      : filter === 'all'
        ? [desc(reviews.createdAt), desc(reviews.id)]
        : [desc(reviews.moderatedAt), desc(reviews.id)];
  const { rows, meta } = await paged(
    page,
    reviewsWithNames(db)
      .where(where)
      .orderBy(...order),
    db.select({ total: count() }).from(reviews).where(where),
  );
  return { data: await adminResources(db, rows.map(withNames)), meta };
}

/**
 * `POST /api/admin/reviews/hide/{id} {remark?}` and `/keep/{id}`: claimed while the review is
 * `reported` (one decision; a second is 409). Hiding tells the author, with the remark when given.
 */
export async function decideReview(
  db: Database,
  adminId: number,
  id: number,
  decision: 'hidden' | 'kept',
  remark: string,
) {
  const review = await reviewById(db, id);
  if (!review) throw notFound();
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(reviews)
      .set({ status: decision, moderatedAt: sql`now()`, moderatedByUserId: adminId })
      .where(and(eq(reviews.id, id), eq(reviews.status, 'reported')))
      .returning({ id: reviews.id });
    if (claimed.length === 0) throw new HttpError(409, t('reviews.decided'));
    if (decision !== 'hidden') return;
    const [teacher] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(teachers.id, review.teacherId));
    const params = { teacher: teacher ? `${teacher.firstName} ${teacher.lastName}`.trim() : '', remark };
    await announce(tx, review.authorUserId, {
      type: 'review',
      notification: 'review',
      title: t('reviews.hiddenTitle'),
      text: remark ? t('reviews.hiddenTextRemark', params) : t('reviews.hiddenText', params),
      url: profileUrl(review.teacherId),
      extra: { review_id: id, teacher_id: review.teacherId, remark: remark || null },
    });
  });
  const decided = await reviewById(db, id);
  if (!decided) throw notFound();
  const [data] = await adminResources(db, [decided]);
  return {
    message: t(decision === 'hidden' ? 'reviews.hidden' : 'reviews.kept'),
    data,
    rating: await teacherRating(db, review.teacherId),
  };
}
