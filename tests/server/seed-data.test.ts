// The demo data tells a believable story (issue 24): no teacher is in two lessons at once, a private
// lesson has one seat, and every seeded answer answers the question it is under.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { answers, bookings, lessons, questions, teachers, users } from '../../server/db/schema';
import { createTestDatabase, type TestDatabase } from './support/test-server';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.handle.close());

describe('seeded lessons', () => {
  it('never put a teacher in two lessons at once', async () => {
    const rows = await database.handle.db
      .select({
        code: lessons.code,
        teacher: users.email,
        startAt: lessons.startAt,
        endAt: lessons.endAt,
      })
      .from(lessons)
      .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(isNull(lessons.cancelledAt));
    const overlaps: string[] = [];
    const byTeacher = new Map<string, typeof rows>();
    for (const row of rows) {
      const teacher = row.teacher ?? '';
      byTeacher.set(teacher, [...(byTeacher.get(teacher) ?? []), row]);
    }
    for (const [teacher, own] of byTeacher) {
      const sorted = own.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
      for (let i = 0; i < sorted.length; i += 1)
        for (let j = i + 1; j < sorted.length && sorted[j]!.startAt < sorted[i]!.endAt; j += 1)
          overlaps.push(
            `${teacher}: ${sorted[i]!.code} (${sorted[i]!.startAt.toISOString()}) and ${sorted[j]!.code} (${sorted[j]!.startAt.toISOString()})`,
          );
    }
    expect(rows.length).toBeGreaterThan(100);
    expect(overlaps).toEqual([]);
  });

  it('give a private lesson one seat, taken by one learner at most', async () => {
    const privateLessons = await database.handle.db
      .select({ code: lessons.code, capacity: lessons.capacity, booked: count(bookings.id) })
      .from(lessons)
      .leftJoin(bookings, eq(bookings.lessonId, lessons.id))
      .where(eq(lessons.type, 'private'))
      .groupBy(lessons.id);
    expect(privateLessons.length).toBeGreaterThan(0);
    expect(privateLessons.filter((lesson) => lesson.capacity !== 1 || lesson.booked > 1)).toEqual([]);
  });
});

// A word each answer to a hand-written question must use: it is about that question's subject.
const ANSWER_MUST_SAY: Array<[question: string, word: RegExp]> = [
  ['How do I factorise x² + 5x + 6?', /\(x \+ 2\)\(x \+ 3\)|factor/i],
  ['Why do we flip the second fraction when dividing?', /reciprocal|flip/i],
  ['What is the difference between Faraday’s and Lenz’s law?', /Lenz|Faraday/i],
  ['How do I work out the electron arrangement of calcium?', /2\.8\.8\.2|shell/i],
  ['How long should a Grade 4 composition be?', /paragraph|composition/i],
  ['Ngeli ya A-WA inatumika vipi?', /ngeli|A-WA|mtoto|watoto/i],
  ['Why is the left ventricle wall thicker than the right?', /ventricle|pressure/i],
  ['What is the difference between a while loop and a for loop?', /loop/i],
  ['What were the main causes of the Mau Mau uprising?', /land|Mau Mau|colonial/i],
  ['How do I calculate the area of a region on a topographical map?', /square|km/i],
  ['Why does salt water boil at a higher temperature?', /boiling|dissolved|salt/i],
  ['What is the difference between a debit and a credit entry?', /debit|credit/i],
  ['When should I complete the square instead of using the formula?', /complete|formula/i],
  ['How do I know if my soil is acidic?', /pH|acid/i],
  ['What did Amos teach about social justice?', /Amos/i],
  ['Why do we use a resistor in series with an LED?', /current|resistor/i],
  ['How do I write a good essay on a set book theme?', /essay|paragraph|theme/i],
  ['How do I balance redox equations?', /electron|half/i],
  ['How do I solve simultaneous equations with fractions?', /fraction|multiply|denominator/i],
  ['What are the main physical features of Kenya?', /Mount|Lake|river/i],
];

describe('seeded answers', () => {
  it('answer the question they are under', async () => {
    const rows = await database.handle.db
      .select({ title: questions.title, answer: answers.body })
      .from(answers)
      .innerJoin(questions, and(eq(questions.id, answers.questionId)));
    const expectations = new Map(ANSWER_MUST_SAY);
    const checked = rows.filter((row) => expectations.has(row.title));
    expect(checked.length).toBeGreaterThan(10);
    const offTopic = checked
      .filter((row) => !expectations.get(row.title)!.test(row.answer))
      .map((row) => `"${row.title}" answered "${row.answer.slice(0, 60)}…"`);
    expect(offTopic).toEqual([]);
    // The templated questions ("Can someone explain integers simply?") are answered about their topic.
    const templated = rows.filter((row) => !expectations.has(row.title));
    expect(templated.length).toBeGreaterThan(0);
    const unrelated = templated
      .filter((row) => {
        const topic = /(?:explain|revise|mistakes in) (.+?)(?: simply\?| for exams\?| questions)$/.exec(
          row.title,
        )?.[1];
        return !topic || !row.answer.toLowerCase().includes(topic.toLowerCase());
      })
      .map((row) => `"${row.title}" answered "${row.answer.slice(0, 60)}…"`);
    expect(unrelated).toEqual([]);
  });
});
