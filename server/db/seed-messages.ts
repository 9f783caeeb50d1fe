// The demo accounts' conversations with demo teachers (issue 25, docs/reviews-messages.md "Messages"):
// the demo student and the demo parent each have a thread with a teacher they have a booking with
// (nothing masked: they shared a phone number) and one with a teacher they have not booked (the
// number or address written there was masked, as the server would have stored it). The demo
// student's last message from their teacher is unread, so the top bar shows a count.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { messageThreads, teachers, threadMessages, users } from './schema';
import { maskContactDetails } from '../../src/shared/contact-details';
import { threadPair } from '../../src/shared/chat';

const MINUTE_MS = 60_000;
const DEMO_TEACHERS = [
  'teacher@example.com',
  'james.ochieng@example.com',
  'amina.hassan@example.com',
  'david.kariuki@example.com',
];

type Person = { id: number; firstName: string; lastName: string };
type Line = { from: 'learner' | 'teacher'; text: string; minutesAgo: number };

/** Has `learnerUserId` (or one of their children) a booking of a lesson of `teacherUserId`? */
async function bookedTogether(db: Database, teacherUserId: number, learnerUserId: number) {
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM bookings b
      JOIN lessons l ON l.id = b.lesson_id JOIN teachers t ON t.id = l.teacher_id
      JOIN students s ON s.id = b.student_id LEFT JOIN parents p ON p.id = s.parent_id
      WHERE t.user_id = ${teacherUserId} AND (s.user_id = ${learnerUserId} OR p.user_id = ${learnerUserId})
    ) AS booked`);
  return Boolean((result as unknown as { rows: { booked: unknown }[] }).rows[0]?.booked);
}

/** A child of the parent booked with the teacher, for the parent's words. */
async function bookedChild(db: Database, teacherUserId: number, parentUserId: number) {
  const result = await db.execute(sql`
    SELECT cu.first_name FROM bookings b
    JOIN lessons l ON l.id = b.lesson_id JOIN teachers t ON t.id = l.teacher_id
    JOIN students s ON s.id = b.student_id JOIN parents p ON p.id = s.parent_id
    JOIN users cu ON cu.id = s.user_id
    WHERE t.user_id = ${teacherUserId} AND p.user_id = ${parentUserId}
    ORDER BY b.id LIMIT 1`);
  return (result as unknown as { rows: { first_name: string }[] }).rows[0]?.first_name ?? 'my child';
}

async function writeThread(
  db: Database,
  learner: Person,
  teacher: Person,
  lines: Line[],
  options: { shared: boolean; lastUnreadByLearner: boolean; now: Date },
) {
  const [low, high] = threadPair(learner.id, teacher.id);
  const at = (line: Line) => new Date(options.now.getTime() - line.minutesAgo * MINUTE_MS);
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) return;
  await db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        userLowId: low,
        userHighId: high,
        startedByUserId: first.from === 'learner' ? learner.id : teacher.id,
        createdAt: at(first),
        lastMessageAt: at(last),
      })
      .returning({ id: messageThreads.id });
    if (!thread) throw new Error('Message seed: thread insert returned no row');
    const ids: { id: number; senderUserId: number }[] = [];
    for (const line of lines) {
      const body = options.shared ? { text: line.text, masked: false } : maskContactDetails(line.text);
      const [row] = await tx
        .insert(threadMessages)
        .values({
          threadId: thread.id,
          senderUserId: line.from === 'learner' ? learner.id : teacher.id,
          body: body.text,
          masked: body.masked,
          createdAt: at(line),
        })
        .returning({ id: threadMessages.id, senderUserId: threadMessages.senderUserId });
      if (row) ids.push(row);
    }
    const lastId = ids[ids.length - 1]?.id ?? 0;
    const readBy = (userId: number) =>
      userId === learner.id && options.lastUnreadByLearner ? (ids[ids.length - 2]?.id ?? 0) : lastId;
    await tx
      .update(messageThreads)
      .set({
        lowReadMessageId: readBy(low),
        highReadMessageId: readBy(high),
        // The unread message is not e-mailed to the demo account as soon as the server starts.
        ...(options.lastUnreadByLearner
          ? low === learner.id
            ? { lowEmailedAt: options.now }
            : { highEmailedAt: options.now }
          : {}),
      })
      .where(eq(messageThreads.id, thread.id));
  });
}

export async function seedMessages(db: Database, now = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.email, ['student@example.com', 'parent@example.com', ...DEMO_TEACHERS]));
  const byEmail = (email: string) => people.find((person) => person.email === email);
  const student = byEmail('student@example.com');
  const parent = byEmail('parent@example.com');
  if (!student || !parent) return;
  const [done] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(or(eq(messageThreads.userLowId, student.id), eq(messageThreads.userHighId, student.id)))
    .limit(1);
  if (done) return;
  const approved = await db
    .select({ userId: teachers.userId })
    .from(teachers)
    .where(and(eq(teachers.status, 'approved')));
  const teacherList = DEMO_TEACHERS.flatMap((email) => {
    const person = byEmail(email);
    return person && approved.some((row) => row.userId === person.id) ? [person] : [];
  });

  const split = async (learner: Person) => {
    const booked: Person[] = [];
    const notBooked: Person[] = [];
    for (const teacher of teacherList)
      ((await bookedTogether(db, teacher.id, learner.id)) ? booked : notBooked).push(teacher);
    return { booked: booked[0], notBooked: notBooked[0] };
  };

  const forStudent = await split(student);
  if (forStudent.booked)
    await writeThread(
      db,
      student,
      forStudent.booked,
      [
        {
          from: 'learner',
          minutesAgo: 3 * 24 * 60,
          text: `Good evening ${forStudent.booked.firstName}. In our last lesson I did not understand how to divide a fraction by a fraction. Could we go over it again?`,
        },
        {
          from: 'teacher',
          minutesAgo: 3 * 24 * 60 - 25,
          text: 'Good evening Wanjiru. Of course. Keep, change, flip: keep the first fraction, change ÷ to ×, and flip the second one. Try 3/4 ÷ 1/2 before our next lesson.',
        },
        { from: 'learner', minutesAgo: 2 * 24 * 60, text: 'I got 1 1/2. Is that right?' },
        {
          from: 'learner',
          minutesAgo: 2 * 24 * 60 - 3,
          text: 'My mum says you can call her on 0712 345 678 if we need to change the time.',
        },
        {
          from: 'teacher',
          minutesAgo: 5 * 60,
          text: 'Exactly right, well done! I have saved your mum’s number. We will do a few more at the start of the next lesson.',
        },
      ],
      { shared: true, lastUnreadByLearner: true, now },
    );
  if (forStudent.notBooked)
    await writeThread(
      db,
      student,
      forStudent.notBooked,
      [
        {
          from: 'learner',
          minutesAgo: 26 * 60,
          text: `Hello ${forStudent.notBooked.firstName}, do you teach Grade 7 learners? My mum can call you on 0722 123 456 to talk about lessons.`,
        },
        {
          from: 'teacher',
          minutesAgo: 25 * 60,
          text: 'Hello Wanjiru, yes I do. You can see my upcoming lessons on my profile and book one there. Once you have booked, we can share phone numbers here.',
        },
      ],
      { shared: false, lastUnreadByLearner: false, now },
    );

  const forParent = await split(parent);
  if (forParent.booked) {
    const child = await bookedChild(db, forParent.booked.id, parent.id);
    await writeThread(
      db,
      parent,
      forParent.booked,
      [
        {
          from: 'learner',
          minutesAgo: 4 * 24 * 60,
          text: `Hello ${forParent.booked.firstName}, I am ${child}'s father. ${child} enjoyed the last lesson. Is there anything we should practise at home before the next one?`,
        },
        {
          from: 'teacher',
          minutesAgo: 4 * 24 * 60 - 90,
          text: `Hello Mr Otieno. ${child} is doing well. Ten minutes of practice questions each evening would help a lot; I have put a short worksheet in the lesson notes.`,
        },
        {
          from: 'learner',
          minutesAgo: 4 * 24 * 60 - 100,
          text: 'Thank you, we will. You can reach me on 0722 000 111 if anything comes up.',
        },
        { from: 'teacher', minutesAgo: 4 * 24 * 60 - 120, text: 'Noted, thank you!' },
      ],
      { shared: true, lastUnreadByLearner: false, now },
    );
  }
  if (forParent.notBooked)
    await writeThread(
      db,
      parent,
      forParent.notBooked,
      [
        {
          from: 'learner',
          minutesAgo: 6 * 60,
          text: 'Good afternoon. Do you have lessons for a Year 10 IGCSE learner on weekends? Please e-mail me at peter.otieno@gmail.com with the times.',
        },
        {
          from: 'teacher',
          minutesAgo: 5 * 60,
          text: 'Good afternoon Mr Otieno. Yes, I teach on Saturday mornings. The times are on my profile, and you can book for your son from there.',
        },
      ],
      { shared: false, lastUnreadByLearner: false, now },
    );
}
