// Helpers of the classroom tests (issue 22): a booked lesson of a fresh teacher moved to any time
// relative to now (bookings need a lesson that has not started, so it is bought first, then moved).
import { eq } from 'drizzle-orm';
import { lessons } from '../../../server/db/schema';
import type { AppConfig } from '../../../server/config';
import type { TestServer } from '../support/test-server';
import { approvedLesson, buyLesson, newTeacher, type Teacher } from '../teaching/support';

export const APP_SECRET = 'the-jitsi-app-secret-of-this-test';

/** A self-hosted Jitsi with token authentication, as a deployment configures it. */
export const withTokens: Partial<AppConfig> = {
  jitsi: { domain: 'meet.somesha.test', tokens: { kind: 'app', appId: 'somesha', appSecret: APP_SECRET } },
  classroomSecret: 'the-classroom-secret-of-this-test-server',
};

export const MINUTE = 60_000;

/** Moves a lesson so that it starts `minutes` from now (negative: started) and lasts an hour. */
export async function startIn(server: TestServer, lessonId: number, minutes: number) {
  const startAt = new Date(Date.now() + minutes * MINUTE);
  await server.db
    .update(lessons)
    .set({ startAt, endAt: new Date(startAt.getTime() + 60 * MINUTE) })
    .where(eq(lessons.id, lessonId));
  return { startAt, endAt: new Date(startAt.getTime() + 60 * MINUTE) };
}

/** A fresh teacher's approved lesson, bought by a fresh student, starting `minutes` from now. */
export async function bookedLessonIn(server: TestServer, minutes: number, teacher?: Teacher) {
  const owner = teacher ?? (await newTeacher(server));
  const lesson = await approvedLesson(server, owner);
  const learner = await buyLesson(server, lesson.id);
  const times = await startIn(server, lesson.id, minutes);
  return {
    teacher: owner,
    learner,
    lesson: { id: lesson.id as number, code: lesson.code as string, ...times },
  };
}
