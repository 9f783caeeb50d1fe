// Reviews for every approved teacher (issue 25, docs/reviews-messages.md): a realistic spread from
// demo learners who really had lessons with them. In two steps around the attendance seed:
// - `seedReviewLessons` (before it): each approved teacher taught a few lessons one to four months
//   ago, booked by the catalogue's learners (not the demo accounts, whose own lessons and the review
//   the demo student may still write stay as they are). The lessons are settled as held, with no
//   money: they only give the reviews a history, so no balance, order or statement changes.
// - `seedReviews` (after it): every learner eligible by the rules (a booking of an ended, not
//   cancelled, not refunded lesson, and present when attendance was taken) reviews most of their
//   teachers; the stars lean to each teacher's own level, some reviews have no text, some a reply.
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from './client';
import { bookings, lessonAttendance, lessons, reviews, students, teachers, users } from './schema';
import { forgetSiteMean } from '../services/rating-service';
import { reviewTextProblem } from '../../src/shared/reviews';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The past lessons of this seed: `RVW-<teacher>-<n>`, so a second run finds them. */
const CODE_PREFIX = 'RVW-';
const LESSONS_PER_TEACHER = 3;
const DEMO_EMAILS = ['student@example.com', 'parent@example.com'];

/** A small deterministic hash, so every seed gives the same spread. */
const mix = (...values: number[]) =>
  values.reduce((hash, value) => Math.imul(hash ^ value, 2654435761) >>> 0, 2166136261) % 1000;

/** The catalogue's learners (student accounts of their own, no parent, not a demo account). */
async function catalogueLearners(db: Database) {
  const rows = await db
    .select({ id: students.id, email: users.email })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(isNull(students.parentId))
    .orderBy(asc(students.id));
  return rows.filter((row) => row.email !== null && !DEMO_EMAILS.includes(row.email)).map((row) => row.id);
}

export async function seedReviewLessons(db: Database, now = new Date()): Promise<void> {
  const [done] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(like(lessons.code, `${CODE_PREFIX}%`))
    .limit(1);
  if (done) return;
  const learners = await catalogueLearners(db);
  if (learners.length === 0) return;
  const approved = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.status, 'approved'))
    .orderBy(asc(teachers.id));
  // Each teacher's past lessons repeat one of their own lessons (program, topic, price).
  const models = await db
    .selectDistinctOn([lessons.teacherId], {
      teacherId: lessons.teacherId,
      topicId: lessons.topicId,
      programId: lessons.programId,
      objective: lessons.objective,
      priceCents: lessons.priceCents,
    })
    .from(lessons)
    .where(
      and(
        inArray(
          lessons.teacherId,
          approved.map((row) => row.id),
        ),
        eq(lessons.isApproved, true),
      ),
    )
    .orderBy(lessons.teacherId, asc(lessons.startAt), asc(lessons.id));
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  await db.transaction(async (tx) => {
    // The demo teachers joined one to five years ago (the profile's "years on Somesha").
    for (const teacher of approved)
      await tx
        .update(users)
        .set({ createdAt: new Date(today.getTime() - (400 + (mix(teacher.id) % 1500)) * DAY_MS) })
        .where(
          sql`${users.id} = (select ${teachers.userId} from ${teachers} where ${teachers.id} = ${teacher.id})`,
        );
    for (const model of models) {
      for (let n = 0; n < LESSONS_PER_TEACHER; n += 1) {
        // 35 to ~120 days ago, in the afternoon, a different day per teacher and lesson.
        const daysAgo = 35 + n * 28 + (model.teacherId % 9);
        const startAt = new Date(today.getTime() - daysAgo * DAY_MS + (13 + (n % 3)) * HOUR_MS);
        const endAt = new Date(startAt.getTime() + HOUR_MS);
        const [lesson] = await tx
          .insert(lessons)
          .values({
            code: `${CODE_PREFIX}${model.teacherId}-${n + 1}`,
            teacherId: model.teacherId,
            topicId: model.topicId,
            programId: model.programId,
            type: 'public',
            objective: model.objective,
            priceCents: model.priceCents,
            startAt,
            endAt,
            isApproved: true,
            capacity: 30,
            // Already settled as held, with no money moved: the earnings job leaves them alone.
            outcome: 'held',
            outcomeAt: endAt,
            earningsSettledAt: endAt,
            createdAt: new Date(startAt.getTime() - 14 * DAY_MS),
            updatedAt: new Date(startAt.getTime() - 14 * DAY_MS),
          })
          .returning({ id: lessons.id });
        if (!lesson) throw new Error('Review seed: lesson insert returned no row');
        // Three to six learners a lesson, a different group each time.
        const size = 3 + (mix(model.teacherId, n) % 4);
        const first = mix(model.teacherId, n, 7) % learners.length;
        const booked = Array.from({ length: size }, (_, k) => learners[(first + k) % learners.length]);
        await tx
          .insert(bookings)
          .values(
            [...new Set(booked)].flatMap((studentId) =>
              studentId === undefined
                ? []
                : [{ lessonId: lesson.id, studentId, createdAt: new Date(startAt.getTime() - 3 * DAY_MS) }],
            ),
          );
      }
    }
  });
}

const TEXTS: Record<number, string[]> = {
  5: [
    'Patient and clear. She explained every step until I could do the questions on my own.',
    'The best lesson I have had this term. The examples were from real life and easy to follow.',
    'Very well prepared: the notes came before the lesson and the practice questions after it helped a lot.',
    'I finally understand this topic. The teacher checked that everyone was following before moving on.',
    'Friendly, on time and encouraging. My marks in the last test went up.',
    'Explains difficult ideas in simple words and gives good tips for the exam questions.',
  ],
  4: [
    'Good lesson with useful examples. It went a little fast at the end, but the notes helped.',
    'Clear explanations and good practice questions. I would have liked more time for our questions.',
    'Helpful and well organised. The worked examples made the revision much easier.',
    'A good teacher who knows the syllabus well. Some parts were rushed but overall very useful.',
  ],
  3: [
    'The content was good but the lesson started late and we did not finish the exercises.',
    'Useful notes, but the explanations were sometimes hard to follow without more examples.',
  ],
  2: ['The lesson was too fast for me and there was little time to ask questions.'],
  1: ['The connection kept dropping and we covered very little of the topic.'],
};

const REPLIES = {
  good: [
    'Thank you for the kind words. Keep practising and see you in the next lesson!',
    'Thanks! I am glad the notes helped with your revision.',
    'Thank you for the feedback. I will leave more time for questions next time.',
  ],
  poor: [
    'Sorry about that lesson. The next ones start on time, and the exercises are in the notes.',
    'Thank you for telling me. I now pause after each part so everyone can ask questions.',
  ],
};

/** Stars for a learner's review: most teachers mostly get 4s and 5s, a few are more mixed. */
function starsFor(teacherId: number, studentId: number): number {
  const roll = mix(teacherId, studentId, 3);
  const strict = teacherId % 5 === 2; // a few teachers with more mixed reviews
  if (roll < (strict ? 300 : 620)) return 5;
  if (roll < (strict ? 650 : 900)) return 4;
  if (roll < (strict ? 880 : 975)) return 3;
  return roll < 990 ? 2 : 1;
}

export async function seedReviews(db: Database, now = new Date()): Promise<void> {
  const [done] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(lessons, eq(lessons.teacherId, reviews.teacherId))
    .where(like(lessons.code, `${CODE_PREFIX}%`))
    .limit(1);
  if (done) return;
  // Eligible pairs from this seed's lessons (docs/reviews-messages.md "Who"), with the last such
  // lesson's end: the review is written a few days later.
  const pairs = await db
    .select({
      teacherId: lessons.teacherId,
      teacherUserId: teachers.userId,
      studentId: bookings.studentId,
      authorUserId: students.userId,
      lastEnd: sql<Date>`max(${lessons.endAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .where(
      and(
        like(lessons.code, `${CODE_PREFIX}%`),
        sql`${lessons.endAt} < ${now}`,
        isNull(lessons.cancelledAt),
        isNull(bookings.refundTransactionId),
        sql`(not exists (select 1 from ${lessonAttendance} a where a.lesson_id = ${lessons.id})
          or exists (select 1 from ${lessonAttendance} a where a.lesson_id = ${lessons.id}
            and a.user_id = ${students.userId}))`,
      ),
    )
    .groupBy(lessons.teacherId, teachers.userId, bookings.studentId, students.userId)
    .orderBy(lessons.teacherId, bookings.studentId);
  const rows = pairs
    // About one eligible learner in six does not write a review.
    .filter((pair) => mix(pair.teacherId, pair.studentId, 11) >= 160)
    .map((pair, index) => {
      const stars = starsFor(pair.teacherId, pair.studentId);
      const pool = TEXTS[stars] ?? [];
      const pick = mix(pair.teacherId, pair.studentId, 5);
      // One review in five is stars only.
      const text = pick < 200 ? null : (pool[pick % pool.length] ?? null);
      if (text !== null && reviewTextProblem(text) !== null)
        throw new Error(`Review seed: "${text}" breaks the review rules`);
      const createdAt = new Date(pair.lastEnd.getTime() + (1 + (pick % 6)) * DAY_MS + (pick % 600) * 60_000);
      // The teacher answers about one review in three, a day or two later; one review in ten was edited.
      const replied = text !== null && mix(pair.teacherId, pair.studentId, 13) < 340;
      const edited = index % 10 === 3;
      const replies = stars >= 4 ? REPLIES.good : REPLIES.poor;
      return {
        teacherId: pair.teacherId,
        studentId: pair.studentId,
        authorUserId: pair.authorUserId,
        stars,
        text,
        replyText: replied ? (replies[pick % replies.length] ?? null) : null,
        repliedAt: replied ? new Date(createdAt.getTime() + (1 + (pick % 2)) * DAY_MS) : null,
        status: 'published' as const,
        createdAt,
        updatedAt: edited ? new Date(createdAt.getTime() + 2 * DAY_MS) : createdAt,
      };
    });
  if (rows.length) await db.insert(reviews).values(rows).onConflictDoNothing();
  forgetSiteMean(db);
}
