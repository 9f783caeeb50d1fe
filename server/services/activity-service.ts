// The activity feed (docs/learning-workspace.md "Activity") and what writes it: each function here
// runs inside the database transaction of the thing it reports (a paid order, a settled top-up, an
// answer, a like), so the feed, the notification and the change itself commit together.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import {
  ACTIVITY_TYPES,
  activities,
  answers,
  lessons,
  notifications,
  questions,
  students,
  topics,
  users,
} from '../db/schema';
import type { PageRequest } from '../http/query';
import { centsToDecimal } from '../resources/money';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { APP_TIME_ZONE, formatDateTime, formatTime } from '../../src/shared/time';
import { notify, type NotificationType } from './notification-service';
import { paged } from './paged';

type Db = Database | Transaction;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type ActivityRow = typeof activities.$inferSelect;

/** Adds a line to the user's feed; call it with the transaction that causes it. */
export async function recordActivity(
  tx: Db,
  input: { userId: number; type: ActivityType; text: string; url: string | null },
): Promise<void> {
  await tx.insert(activities).values(input);
}

function activityResource(row: ActivityRow) {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    url: row.url,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /api/activities`: the user's feed, newest first (ids grow with time). */
export async function listActivities(db: Database, userId: number, page: PageRequest) {
  const mine = eq(activities.userId, userId);
  const { rows, meta } = await paged(
    page,
    db.select().from(activities).where(mine).orderBy(desc(activities.id)),
    db.select({ total: count() }).from(activities).where(mine),
  );
  return { data: rows.map(activityResource), meta };
}

// ---- Texts: lessons, names, times in Africa/Nairobi (SPEC §9: 12-hour clock) ----

/** "3:05 PM" in Nairobi. */
export const nairobiTime = (date: Date) => formatTime(date, APP_TIME_ZONE);
/** "Nov 24, 2026 at 3:05 PM" in Nairobi. */
export const nairobiWhen = (date: Date) => formatDateTime(date, APP_TIME_ZONE);

/** "Algebra (SOM-0001)", or "Lesson SOM-0001" without a topic. */
export const lessonName = (lesson: { code: string; topicName: string | null }) =>
  lesson.topicName ? `${lesson.topicName} (${lesson.code})` : t('feed.lessonName', { code: lesson.code });

export const lessonUrl = (code: string) => `/lessons/show/${encodeURIComponent(code)}`;
const questionUrl = (questionId: number) => `/questions/show/${questionId}`;
const WALLET_URL = '/wallet';

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

async function userName(tx: Db, userId: number): Promise<string> {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return user ? fullName(user) : '';
}

/**
 * What a feed line and its notification say about one event: written once here, announced by the
 * services as it happens and by the learning seed with the times of its demo history.
 */
export type News = {
  /** The feed line's type. */
  type: ActivityType;
  /** The notification's type (the feed's `lesson_soon` is a `lesson_reminder`; the rest are alike). */
  notification: NotificationType;
  title: string;
  text: string;
  url: string;
  /** The notification's ids besides `{title, body, url}`. */
  extra: Record<string, unknown>;
};

type NewsLesson = { id: number; code: string; startAt: Date; topicName: string | null };

/** A booked lesson, told to whoever paid (naming the child when a parent booked for one). */
export function bookingNews(
  lesson: NewsLesson,
  booking: { id: number; studentId: number | null },
  child: string | null,
): News {
  const params = { lesson: lessonName(lesson), when: nairobiWhen(lesson.startAt) };
  return {
    type: 'booking',
    notification: 'booking',
    title: t('feed.bookingTitle'),
    text: child ? t('feed.bookingTextFor', { ...params, child }) : t('feed.bookingText', params),
    url: lessonUrl(lesson.code),
    extra: {
      booking_id: booking.id,
      lesson_id: lesson.id,
      lesson_code: lesson.code,
      student_id: booking.studentId,
      starts_at: lesson.startAt.toISOString(),
    },
  };
}

/** A booked lesson starts within the hour (the reminder). */
export function lessonSoonNews(lesson: NewsLesson, bookingId: number, child: string | null): News {
  const params = { lesson: lessonName(lesson), time: nairobiTime(lesson.startAt) };
  return {
    type: 'lesson_soon',
    notification: 'lesson_reminder',
    title: t('feed.reminderTitle'),
    text: child ? t('feed.reminderTextFor', { ...params, child }) : t('feed.reminderText', params),
    url: lessonUrl(lesson.code),
    extra: {
      booking_id: bookingId,
      lesson_id: lesson.id,
      lesson_code: lesson.code,
      starts_at: lesson.startAt.toISOString(),
    },
  };
}

/** Someone answered the asker's question. */
export function answerNews(
  question: { id: number; title: string },
  answerId: number,
  answerer: string,
): News {
  return {
    type: 'answer',
    notification: 'answer',
    title: t('feed.answerTitle'),
    text: t('feed.answerText', { name: answerer, question: question.title }),
    url: questionUrl(question.id),
    extra: { question_id: question.id, answer_id: answerId },
  };
}

/** Someone liked an answer; `liker_id` lets a like taken back and given again pass unannounced. */
export function likeNews(
  question: { id: number; title: string },
  answerId: number,
  liker: { id: number; name: string },
): News {
  return {
    type: 'like',
    notification: 'like',
    title: t('feed.likeTitle'),
    text: t('feed.likeText', { name: liker.name, question: question.title }),
    url: questionUrl(question.id),
    extra: { question_id: question.id, answer_id: answerId, liker_id: liker.id },
  };
}

/** Both at once: the feed line and the notification say the same thing. */
export async function announce(tx: Db, userId: number, news: News): Promise<void> {
  await recordActivity(tx, { userId, type: news.type, text: news.text, url: news.url });
  await notify(tx, {
    userId,
    type: news.notification,
    data: { title: news.title, body: news.text, url: news.url, ...news.extra },
  });
}

// ---- What the payment, top-up and question services report ----

/**
 * A paid order (wallet or gateway; `fulfilCart`): one `booking` line per booked lesson (naming the
 * child when a parent booked for one), then `payment` "Order paid: KES …", all for the payer.
 */
export async function feedForOrder(
  tx: Db,
  input: {
    userId: number;
    learnerId: number | null;
    orderId: number;
    transactionId: number;
    totalCents: number;
    bookings: { id: number; lessonId: number }[];
  },
): Promise<void> {
  if (input.bookings.length > 0) {
    const rows = await tx
      .select({ id: lessons.id, code: lessons.code, startAt: lessons.startAt, topicName: topics.name })
      .from(lessons)
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .where(
        inArray(
          lessons.id,
          input.bookings.map((booking) => booking.lessonId),
        ),
      );
    const [learner] =
      input.learnerId === null
        ? []
        : await tx
            .select({ userId: students.userId, firstName: users.firstName, lastName: users.lastName })
            .from(students)
            .innerJoin(users, eq(users.id, students.userId))
            .where(eq(students.id, input.learnerId));
    // A parent booked for a child: say which one.
    const child = learner && learner.userId !== input.userId ? fullName(learner) : null;
    for (const booking of input.bookings) {
      const lesson = rows.find((row) => row.id === booking.lessonId);
      if (!lesson) continue;
      await announce(
        tx,
        input.userId,
        bookingNews(lesson, { id: booking.id, studentId: input.learnerId }, child),
      );
    }
  }
  await announce(tx, input.userId, {
    type: 'payment',
    notification: 'payment',
    title: t('feed.paymentTitle'),
    text: t('feed.paymentText', { amount: formatKes(centsToDecimal(input.totalCents)) }),
    url: WALLET_URL,
    extra: { transaction_id: input.transactionId, order_id: input.orderId },
  });
}

/** A settled top-up (`settleTopUp`): "Wallet topped up: KES …". */
export async function feedForTopUp(
  tx: Db,
  input: { userId: number; transactionId: number; amountCents: number },
): Promise<void> {
  await announce(tx, input.userId, {
    type: 'topup',
    notification: 'topup',
    title: t('feed.topupTitle'),
    text: t('feed.topupText', { amount: formatKes(centsToDecimal(input.amountCents)) }),
    url: WALLET_URL,
    extra: { transaction_id: input.transactionId },
  });
}

/** A new answer: the question's author hears of it, unless they answered themself. */
export async function feedForAnswer(
  tx: Db,
  input: { questionId: number; answerId: number; answererId: number },
): Promise<void> {
  const [question] = await tx
    .select({ userId: questions.userId, title: questions.title })
    .from(questions)
    .where(eq(questions.id, input.questionId));
  if (!question || question.userId === input.answererId) return;
  await announce(
    tx,
    question.userId,
    answerNews(
      { id: input.questionId, title: question.title },
      input.answerId,
      await userName(tx, input.answererId),
    ),
  );
}

/**
 * A like on an answer: its author hears of it once per liker and answer (taking a like back and
 * giving it again does not notify twice), never for their own answer.
 */
export async function feedForLike(tx: Db, input: { answerId: number; likerId: number }): Promise<void> {
  const [answer] = await tx
    .select({ userId: answers.userId, questionId: answers.questionId, title: questions.title })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.id, input.answerId));
  if (!answer || answer.userId === input.likerId) return;
  const [told] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, answer.userId),
        eq(notifications.type, 'like'),
        sql`${notifications.data} @> ${JSON.stringify({ answer_id: input.answerId, liker_id: input.likerId })}::jsonb`,
      ),
    )
    .limit(1);
  if (told) return;
  await announce(
    tx,
    answer.userId,
    likeNews({ id: answer.questionId, title: answer.title }, input.answerId, {
      id: input.likerId,
      name: await userName(tx, input.likerId),
    }),
  );
}
