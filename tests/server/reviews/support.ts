// Helpers of the review tests (issue 25): a fresh teacher and a lesson of theirs booked by a learner
// and moved into the past (or the future), written straight to the database: how a booking was paid
// does not matter to who may review, only what became of the lesson and the booking.
import { randomBytes } from 'node:crypto';
import { bookings, lessonAttendance, lessons, transactions } from '../../../server/db/schema';
import type { TestServer } from '../support/test-server';
import { newTeacher, type Teacher } from '../teaching/support';

const HOUR = 3_600_000;

export type LessonOptions = {
  /** Hours from now to the start (negative: in the past); -3 by default, so it ended 2 hours ago. */
  startsIn?: number;
  cancelled?: boolean;
  refunded?: boolean;
  outcome?: 'held' | 'not_held';
  /** Attendance rows: the user ids who joined (the teacher's and/or the learner's). */
  joined?: Array<{ userId: number; role: 'teacher' | 'learner' }>;
};

/** A lesson of `teacher` booked for `studentId`, shaped by `options`. */
export async function bookedLesson(
  server: TestServer,
  teacher: Teacher,
  studentId: number,
  options: LessonOptions = {},
) {
  const startAt = new Date(Date.now() + (options.startsIn ?? -3) * HOUR);
  const [lesson] = await server.db
    .insert(lessons)
    .values({
      code: `RVW-${randomBytes(4).toString('hex')}`,
      teacherId: teacher.teacherId,
      topicId: teacher.refs.topicId,
      objective: 'Work through the worked examples together.',
      priceCents: 150_000,
      startAt,
      endAt: new Date(startAt.getTime() + HOUR),
      isApproved: true,
      cancelledAt: options.cancelled ? new Date(startAt.getTime() - HOUR) : null,
      outcome: options.outcome ?? null,
    })
    .returning();
  if (!lesson) throw new Error('No lesson');
  let refundTransactionId: number | null = null;
  if (options.refunded) {
    const [refund] = await server.db
      .insert(transactions)
      .values({
        type: 'refund',
        amountCents: 150_000,
        reference: `RVW-REFUND-${randomBytes(6).toString('hex')}`,
        status: 'completed',
        gateway: 'wallet',
      })
      .returning({ id: transactions.id });
    refundTransactionId = refund?.id ?? null;
  }
  await server.db.insert(bookings).values({ lessonId: lesson.id, studentId, refundTransactionId });
  for (const person of options.joined ?? [])
    await server.db.insert(lessonAttendance).values({
      lessonId: lesson.id,
      userId: person.userId,
      role: person.role,
      firstJoinedAt: startAt,
      lastJoinedAt: startAt,
    });
  return lesson;
}

export { newTeacher };
