// Helpers of the delivery tests (issue 22, docs/classroom.md "Attendance and pay"): who joined a
// lesson's classroom (rows written as the join endpoint writes them) and the clock of the earnings job.
import { lessonAttendance } from '../../../server/db/schema';
import { EARNING_HOLD_MS } from '../../../src/shared/classroom';
import type { TestServer } from '../support/test-server';

/** `userId` joined the lesson's classroom at `at` (as its teacher, or as a learner or parent). */
export async function joined(
  server: TestServer,
  lessonId: number,
  userId: number,
  role: 'teacher' | 'learner' = 'teacher',
  at = new Date(),
) {
  await server.db
    .insert(lessonAttendance)
    .values({ lessonId, userId, role, firstJoinedAt: at, lastJoinedAt: at, joins: 1 })
    .onConflictDoNothing();
}

/** A moment `ms` after a lesson's end (the job's injected clock). */
export const afterEnd = (lesson: { endAt: Date }, ms: number) => new Date(lesson.endAt.getTime() + ms);

/** Just after a held lesson's earning may be credited. */
export const afterHold = (lesson: { endAt: Date }) => afterEnd(lesson, EARNING_HOLD_MS + 60_000);
