// People for the message tests (issue 25): fresh learners, parents and approved teachers, and a
// booking between a teacher and a learner, so each test has pairs no other test writes to.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bookings, lessons, teachers } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import type { TestServer } from '../support/test-server';

export type Person = Awaited<ReturnType<typeof newBuyer>>;

export const learner = (server: TestServer) => newBuyer(server, { role: 'student' });

export const parentOf = (server: TestServer, children = 1) => newBuyer(server, { role: 'parent', children });

/** A teacher whose profile an admin approved (learners may start threads with them). */
export async function teacher(server: TestServer, { approved = true } = {}): Promise<Person> {
  const person = await newBuyer(server, { role: 'teacher' });
  if (approved)
    await server.db.update(teachers).set({ status: 'approved' }).where(eq(teachers.id, person.profileId));
  return person;
}

/** A lesson of `teacherProfileId` (not public) booked for `studentId`: the pair has a booking together. */
export async function bookTogether(server: TestServer, teacherProfileId: number, studentId: number) {
  const startAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  const [lesson] = await server.db
    .insert(lessons)
    .values({
      code: `MSG-${randomBytes(4).toString('hex')}`,
      teacherId: teacherProfileId,
      objective: 'Fractions and decimals',
      priceCents: 50_000,
      startAt,
      endAt: new Date(startAt.getTime() + 60 * 60 * 1000),
    })
    .returning({ id: lessons.id });
  if (!lesson) throw new Error('No lesson');
  await server.db.insert(bookings).values({ lessonId: lesson.id, studentId });
}
