// Shared by the admin server tests: teachers who submitted their profile (through the API), and
// lessons and classes waiting for approval (small inserts for the seeded teacher).
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  classes,
  curricula,
  gradeLevels,
  lessons,
  subjects,
  teachers,
  topics,
  users,
} from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import { hashSecret } from '../../../server/security/password';
import { createAccount } from '../../../server/services/account-service';
import type { Browser, Json, TestServer } from '../support/test-server';

export const TEACHER = 'teacher@example.com';

/** A word no seeded text contains, so a search finds only what a test made. */
export const uniqueWord = () =>
  `zq${randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;

export async function signedIn(server: TestServer, email: string): Promise<Browser> {
  const browser = server.browser();
  await browser.signIn(email);
  return browser;
}

let made = 0;

/**
 * A new teacher account who filled in the profile and submitted it (status `pending`), as the SPA
 * does it: `POST /api/teacher/update`, then `POST /api/teacher/submit-profile`.
 */
export async function pendingTeacher(server: TestServer, firstName = 'Amani') {
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`;
  const email = `teacher.${tag}@example.com`;
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const { profileId } = await server.db.transaction((tx) =>
    createAccount(tx, {
      firstName,
      lastName: `Otieno${tag}`,
      username: `teacher${tag}`,
      email,
      phone: `2547${String(10_000_000 + made).slice(-8)}`,
      passwordHash,
      status: 'active',
      role: 'teacher',
      emailVerifiedAt: new Date(),
    }),
  );
  if (!profileId) throw new Error('No teacher profile');
  const browser = await signedIn(server, email);
  const options = (await browser.get('/api/teacher/update-data')).body.data;
  const curriculum = options.curricula[0];
  const updated = await browser.post('/api/teacher/update', {
    biography: 'I have taught mathematics for ten years.',
    current_workplace: 'Moi Girls School',
    qualification_level: 'Degree',
    curriculum_id: curriculum.id,
    edu_level_id: curriculum.edu_levels[0].id,
    subject_ids: [options.subjects[0].id],
    // Each teacher their own national ID: a number already used by another teacher is refused (issue 24).
    id_number: String(10_000_000 + profileId),
    tsc_number: '123456',
  });
  if (updated.status !== 200) throw new Error(`Profile not saved: ${updated.text}`);
  const submitted = await browser.post('/api/teacher/submit-profile');
  if (submitted.status !== 200) throw new Error(`Profile not submitted: ${submitted.text}`);
  return { id: profileId, email, browser, name: `${firstName} Otieno${tag}` };
}

export async function teacherIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`No teacher ${email}`);
  return row.id;
}

const HOUR = 60 * 60 * 1000;

/**
 * A lesson of the seeded teacher, as a teacher's new lesson is: not approved, no comment. Its
 * objective carries `word`, so the public search finds it once it is public.
 */
export async function pendingLesson(
  server: TestServer,
  options: { word?: string; startsInHours?: number; values?: Partial<typeof lessons.$inferInsert> } = {},
) {
  const [topic] = await server.db
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(isNotNull(topics.gradeLevelId))
    .limit(1);
  if (!topic) throw new Error('No topic in the seed');
  made += 1;
  const startAt = new Date(Date.now() + (options.startsInHours ?? 72) * HOUR + made * 1000);
  const word = options.word ?? uniqueWord();
  const [lesson] = await server.db
    .insert(lessons)
    .values({
      code: `ADM-${Date.now().toString(36).toUpperCase()}-${made}`,
      teacherId: await teacherIdOf(server, TEACHER),
      topicId: topic.id,
      type: 'public',
      objective: `Practise ${word} problems step by step.`,
      priceCents: 50_000,
      startAt,
      endAt: new Date(startAt.getTime() + HOUR),
      isApproved: false,
      ...options.values,
    })
    .returning();
  if (!lesson) throw new Error('Lesson not stored');
  return { ...lesson, word, topicName: topic.name };
}

/** A class of the seeded teacher waiting for approval, titled with `word`. */
export async function pendingClass(server: TestServer, word = uniqueWord()) {
  const [row] = await server.db
    .select({ subjectId: subjects.id, gradeLevelId: gradeLevels.id, curriculumId: curricula.id })
    .from(classes)
    .innerJoin(subjects, eq(subjects.id, classes.subjectId))
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .innerJoin(curricula, eq(curricula.id, classes.curriculumId))
    .where(and(eq(classes.isApproved, true)))
    .limit(1);
  if (!row) throw new Error('No seeded class');
  made += 1;
  const startsAt = new Date(Date.now() + 7 * 24 * HOUR);
  const [created] = await server.db
    .insert(classes)
    .values({
      ...row,
      slug: `class-${word}`,
      title: `Revision ${word}`,
      description: 'Past papers, one topic a week.',
      teacherId: await teacherIdOf(server, TEACHER),
      type: 'revision',
      frequency: 'weekly',
      priceCents: 300_000,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 24 * HOUR),
      isApproved: false,
    })
    .returning();
  if (!created) throw new Error('Class not stored');
  return { ...created, word };
}

/** The newest notification and activity of the signed-in user. */
export async function latestFeed(browser: Browser): Promise<{ notification: Json; activity: Json }> {
  const [notifications, activities] = await Promise.all([
    browser.get('/api/notifications'),
    browser.get('/api/activities'),
  ]);
  return { notification: notifications.body.data[0], activity: activities.body.data[0] };
}
