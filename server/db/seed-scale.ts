// The catalogue at 10× or 100× its seeded size, for `npm run bench:api -- --scale 10|100` (issue 12):
// 200 lessons, 30 classes, ~20 approved teachers and 50 questions become 2,000 / 300 / 200 / 500
// at 10× and 20,000 / 3,000 / 2,000 / 5,000 at 100×, with answers. Built from the seeded
// programs, topics, subjects and the names and texts of seed-catalogue-data.ts; some lessons and
// classes are in the past, a few lessons wait for approval or were cancelled, as in a live site.
// Multi-row inserts in one transaction; runs after `seed` (the demo data) and only adds rows.
//
// CLI: `tsx server/db/seed-scale.ts <factor>` on the database the environment names (DATA_DIR or
// DATABASE_URL, as server/main.ts): migrates, seeds an empty database, then scales it.
import path from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  answers,
  classes,
  curricula,
  educationLevels,
  gradeLevels,
  lessons,
  programs,
  questions,
  roles,
  students,
  subjects,
  teacherSubjects,
  teachers,
  topics,
  userRoles,
  users,
  wallets,
} from './schema';
import { slugOf } from '../services/admin-catalogue-service';
import {
  answerTo,
  CATALOGUE_TEACHERS,
  CLASSES,
  QUESTIONS,
  QUESTION_TEMPLATES,
  TOPIC_BANK,
} from './seed-catalogue-data';
import { DEMO_PASSWORD } from './seed';
import { walletAccountNo } from '../services/account-service';
import { hashSecret } from '../security/password';
import { seedAttendance } from './seed-attendance';

/** The seeded catalogue's size (seed.ts + seed-catalogue.ts), the 1× of the benchmark. */
const BASE_SIZE = { lessons: 200, classes: 30, teachers: 20, questions: 50 } as const;

const DAY_MS = 86_400_000;
const CHUNK = 500;

// More first and last names than the hand-written teachers, so 2,000 teachers are not 16 people.
const FIRST_NAMES = [
  ...new Set([
    ...CATALOGUE_TEACHERS.map((teacher) => teacher.firstName),
    'Wanjiru',
    'Otieno',
    'Akinyi',
    'Kiprop',
    'Njoki',
    'Mwangi',
    'Auma',
    'Barasa',
    'Chepkoech',
    'Daudi',
    'Eunice',
    'Fatuma',
    'Gitau',
    'Imani',
    'Jeptoo',
    'Kerubo',
    'Makena',
    'Nasimiyu',
    'Ouma',
    'Rehema',
    'Tabitha',
    'Wafula',
    'Zuberi',
    'Amina',
    'Baraka',
    'Caroline',
    'David',
    'Edwin',
    'Grace',
    'Josephine',
  ]),
];
const LAST_NAMES = [
  ...new Set([
    ...CATALOGUE_TEACHERS.map((teacher) => teacher.lastName),
    'Kariuki',
    'Odhiambo',
    'Wekesa',
    'Cheruiyot',
    'Njoroge',
    'Onyango',
    'Kimani',
    'Mugo',
    'Nyaga',
    'Koech',
    'Ndirangu',
    'Oduor',
    'Lagat',
    'Mbugua',
    'Were',
    'Kilonzo',
    'Maina',
    'Ruto',
    'Juma',
    'Hassan',
  ]),
];
const WORKPLACES = [...new Set(CATALOGUE_TEACHERS.map((teacher) => teacher.workplace))];
const QUALIFICATIONS = ['Degree', 'Masters', 'Diploma', 'Degree', 'PHD', 'Certificate'] as const;
const CLASS_TYPES = ['catch_up', 'revision', 'get_ahead'] as const;
const CLASS_TYPE_NAMES = { catch_up: 'catch-up', revision: 'revision', get_ahead: 'get-ahead' } as const;
const FREQUENCIES = ['weekly', 'daily', 'weekly', 'monthly'] as const;
const GAP_DAYS = { daily: 1, weekly: 7, monthly: 28 } as const;
const LESSONS_PER_CLASS = 4;
const LESSON_TYPES = ['public', 'group', 'public', 'group', 'private'] as const;
const SLOTS_UTC_MINUTES = [13 * 60, 14.5 * 60, 16 * 60];

/** A program (grade + subject) with the topics lessons can hang off. */
type Combo = {
  programId: number;
  curriculumId: number;
  gradeLevelId: number;
  gradeName: string;
  subjectId: number;
  subjectSlug: string;
  subjectName: string;
  topics: Array<{ id: number; name: string }>;
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

async function insertReturningIds<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<Array<{ id: number }>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK)
    ids.push(...(await insert(rows.slice(start, start + CHUNK))).map((row) => row.id));
  return ids;
}

const priceKes = (gradeName: string, acronym: string, index: number) => {
  const number = Number(/\d+$/.exec(gradeName)?.[0] ?? 0);
  const base =
    acronym === 'IGCSE'
      ? 1600
      : gradeName.startsWith('Form') || number >= 10
        ? 900
        : number >= 7 && gradeName.startsWith('Grade')
          ? 600
          : 400;
  return base + (index % 3) * 50;
};

export type ScaleResult = {
  lessons: number;
  classes: number;
  teachers: number;
  questions: number;
  answers: number;
};

/** Grows the seeded catalogue to `factor` times its size (no-op at 1); returns the totals. */
async function seedScale(db: Database, factor: number, now = new Date()): Promise<ScaleResult> {
  const target = {
    lessons: BASE_SIZE.lessons * factor,
    classes: BASE_SIZE.classes * factor,
    teachers: BASE_SIZE.teachers * factor,
    questions: BASE_SIZE.questions * factor,
  };
  const passwordHash = factor > 1 ? await hashSecret(DEMO_PASSWORD) : '';
  await db.transaction(async (tx) => {
    // One query at a time: a transaction is one connection.
    const [lessonCount] = await tx.select({ n: count() }).from(lessons);
    const [classCount] = await tx.select({ n: count() }).from(classes);
    const [teacherCount] = await tx
      .select({ n: count() })
      .from(teachers)
      .where(eq(teachers.status, 'approved'));
    const [questionCount] = await tx.select({ n: count() }).from(questions);
    const [allTeachers] = await tx.select({ n: count() }).from(teachers);
    const teachersBefore = Number(allTeachers?.n ?? 0);
    const missing = {
      lessons: Math.max(0, target.lessons - Number(lessonCount?.n ?? 0)),
      classes: Math.max(0, target.classes - Number(classCount?.n ?? 0)),
      teachers: Math.max(0, target.teachers - Number(teacherCount?.n ?? 0)),
      questions: Math.max(0, target.questions - Number(questionCount?.n ?? 0)),
    };
    if (!missing.lessons && !missing.classes && !missing.teachers && !missing.questions) return;

    const combos = await loadCombos(tx);
    if (combos.length === 0)
      throw new Error('seedScale needs the seeded programs and topics (run seed first)');
    const today = new Date(now);
    today.setUTCHours(0, 0, 0, 0);

    // ---- Teachers: user, role, wallet, approved profile, one to three subjects ----
    const teacherRole = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'teacher'));
    const roleId = teacherRole[0]?.id;
    if (!roleId) throw new Error('The teacher role is missing (run seed first)');
    const stamp = now.getTime().toString(36);
    const people = Array.from({ length: missing.teachers }, (_, index) => {
      const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Amina';
      const lastName =
        LAST_NAMES[Math.floor(index / FIRST_NAMES.length + index * 7) % LAST_NAMES.length] ?? 'Kamau';
      const handle = `${slugOf(firstName)}.${slugOf(lastName)}.${stamp}${index}`;
      return {
        firstName,
        lastName,
        username: handle,
        email: `${handle}@scale.example.com`,
        phone: `2547${String(20_000_000 + index).padStart(8, '0')}`,
        passwordHash,
        status: 'active' as const,
        gender: index % 2 ? ('male' as const) : ('female' as const),
        dob: `${1970 + (index % 30)}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
        emailVerifiedAt: now,
      };
    });
    const userIds = await insertReturningIds(people, (chunk) =>
      tx.insert(users).values(chunk).returning({ id: users.id }),
    );
    await insertChunked(userIds, (chunk) =>
      tx.insert(userRoles).values(chunk.map((userId) => ({ userId, roleId }))),
    );
    await insertChunked(userIds, (chunk) =>
      tx.insert(wallets).values(
        chunk.map((userId) => ({
          userId,
          accountNo: walletAccountNo(userId),
          reference: `SCALE${userId.toString(36).toUpperCase()}`,
        })),
      ),
    );
    // The teacher's home combo decides the curriculum and the first subject.
    const homeCombo = (index: number) => combos[(index * 7) % combos.length] as Combo;
    const teacherIds = await insertReturningIds(
      userIds.map((userId, index) => ({ userId, index })),
      (chunk) =>
        tx
          .insert(teachers)
          .values(
            chunk.map(({ userId, index }) => {
              const combo = homeCombo(index);
              return {
                userId,
                status: 'approved' as const,
                biography: `${combo.subjectName} teacher for ${combo.gradeName} and nearby grades. ${
                  CATALOGUE_TEACHERS[index % CATALOGUE_TEACHERS.length]?.biography ?? ''
                }`,
                currentWorkplace: WORKPLACES[index % WORKPLACES.length] ?? null,
                qualificationLevel: QUALIFICATIONS[index % QUALIFICATIONS.length],
                curriculumId: combo.curriculumId,
                // Unique across growths (10×, then 100× on the same database): after every earlier teacher.
                idNumber: String(30_000_000 + teachersBefore + index),
                tscNumber: String(700_000 + teachersBefore + index),
                submittedAt: new Date(now.getTime() - ((index % 300) + 10) * DAY_MS),
                reviewedAt: new Date(now.getTime() - ((index % 300) + 5) * DAY_MS),
                createdAt: new Date(now.getTime() - ((index % 300) + 12) * DAY_MS),
              };
            }),
          )
          .returning({ id: teachers.id }),
    );
    const subjectSlugs = [...new Set(combos.map((combo) => combo.subjectId))];
    const links = teacherIds.flatMap((teacherId, index) => {
      const first = homeCombo(index).subjectId;
      const extra = index % 3 === 0 ? [] : [subjectSlugs[(index * 5 + 3) % subjectSlugs.length] ?? first];
      return [...new Set([first, ...extra])].map((subjectId) => ({ teacherId, subjectId }));
    });
    await insertChunked(links, (chunk) => tx.insert(teacherSubjects).values(chunk).onConflictDoNothing());

    // Who can teach a combo: new teachers of that subject, else any approved teacher.
    const bySubject = new Map<number, number[]>();
    for (const link of links)
      bySubject.set(link.subjectId, [...(bySubject.get(link.subjectId) ?? []), link.teacherId]);
    const anyTeachers = teacherIds.length
      ? teacherIds
      : (await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.status, 'approved'))).map(
          (row) => row.id,
        );
    const teacherFor = (combo: Combo, index: number) => {
      const pool = bySubject.get(combo.subjectId) ?? anyTeachers;
      return pool[index % pool.length] ?? anyTeachers[0] ?? 0;
    };

    // ---- Classes, each with LESSONS_PER_CLASS lessons; then single lessons up to the total ----
    type PlannedLesson = typeof lessons.$inferInsert;
    const planned: Array<Omit<PlannedLesson, 'code'>> = [];
    const plan = (combo: Combo, teacherId: number, index: number, startAt: Date, minutes: number) => {
      const topic = combo.topics[index % combo.topics.length] ?? { id: null, name: '' };
      const bank = TOPIC_BANK[combo.subjectSlug] ?? [];
      const objective =
        bank.find(([name]) => name === topic.name)?.[1] ??
        `Work through ${topic.name.toLowerCase()} with past-paper questions.`;
      const type = LESSON_TYPES[index % LESSON_TYPES.length] ?? 'public';
      const lesson = {
        teacherId,
        topicId: topic.id,
        programId: combo.programId,
        type,
        objective,
        priceCents: priceKes(combo.gradeName, combo.gradeName.startsWith('Year') ? 'IGCSE' : '', index) * 100,
        startAt,
        endAt: new Date(startAt.getTime() + minutes * 60_000),
        // One in twenty waits for an admin, one in fifty was cancelled by its teacher.
        isApproved: index % 20 !== 7,
        cancelledAt: index % 50 === 11 ? new Date(startAt.getTime() - 2 * DAY_MS) : null,
        cancellationReason: index % 50 === 11 ? 'The teacher is unwell.' : null,
        capacity: type === 'private' ? 1 : type === 'group' ? 12 : 30,
      };
      planned.push(lesson);
      return lesson;
    };
    const slot = (index: number) => (SLOTS_UTC_MINUTES[index % SLOTS_UTC_MINUTES.length] ?? 0) * 60_000;

    const classValues: Array<typeof classes.$inferInsert & { lessonIndexes: number[] }> = [];
    const classCount_ = Math.min(missing.classes, Math.floor(missing.lessons / LESSONS_PER_CLASS));
    for (let index = 0; index < classCount_; index += 1) {
      const combo = combos[index % combos.length] as Combo;
      const teacherId = teacherFor(combo, index);
      const type = CLASS_TYPES[index % CLASS_TYPES.length] ?? 'revision';
      const frequency = FREQUENCIES[index % FREQUENCIES.length] ?? 'weekly';
      const template =
        CLASSES.find((seed) => seed.subject === combo.subjectSlug) ?? CLASSES[index % CLASSES.length];
      // From 60 days ago to 150 days ahead: about a quarter have ended.
      const firstDay = ((index * 37) % 210) - 60;
      const minutes = type === 'revision' ? 90 : 60;
      const lessonIndexes: number[] = [];
      for (let lesson = 0; lesson < LESSONS_PER_CLASS; lesson += 1) {
        const startAt = new Date(
          today.getTime() + (firstDay + lesson * GAP_DAYS[frequency]) * DAY_MS + slot(index),
        );
        plan(combo, teacherId, index + lesson, startAt, minutes);
        lessonIndexes.push(planned.length - 1);
      }
      const own = lessonIndexes.map((at) => planned[at] as PlannedLesson);
      const totalKes = own.reduce((sum, lesson) => sum + lesson.priceCents / 100, 0);
      const title = `${combo.gradeName} ${combo.subjectName} ${CLASS_TYPE_NAMES[type]} ${
        ['', 'with past papers', 'for the holidays', 'in small groups', 'on weekday evenings'][index % 5]
      }`.trim();
      classValues.push({
        slug: `${slugOf(title)}-${stamp}-${index + 1}`,
        title,
        description: template?.description ?? `${LESSONS_PER_CLASS} lessons of ${combo.subjectName}.`,
        teacherId,
        subjectId: combo.subjectId,
        gradeLevelId: combo.gradeLevelId,
        curriculumId: combo.curriculumId,
        type,
        frequency,
        priceCents: Math.round((totalKes * 0.9) / 100) * 100 * 100,
        startsAt: own[0]?.startAt ?? today,
        endsAt: own[own.length - 1]?.endAt ?? today,
        // One in twenty-five was turned down by an admin.
        isApproved: index % 25 !== 13,
        rejectionComment: index % 25 === 13 ? 'Please add a description of each lesson.' : null,
        lessonIndexes,
      });
    }
    const singles = missing.lessons - planned.length;
    for (let index = 0; index < singles; index += 1) {
      const combo = combos[(index * 3) % combos.length] as Combo;
      // From 60 days ago to 180 days ahead.
      const day = ((index * 53) % 240) - 60;
      plan(
        combo,
        teacherFor(combo, index * 11),
        index,
        new Date(today.getTime() + day * DAY_MS + slot(index)),
        60,
      );
    }
    const classIds = await insertReturningIds(classValues, (chunk) =>
      tx
        .insert(classes)
        .values(chunk.map(({ lessonIndexes: _, ...value }) => value))
        .returning({ id: classes.id }),
    );
    classValues.forEach((value, at) => {
      for (const lessonIndex of value.lessonIndexes) {
        const lesson = planned[lessonIndex];
        if (lesson) lesson.classId = classIds[at] ?? null;
      }
    });
    const firstCode = 10_000 + Number(lessonCount?.n ?? 0);
    await insertChunked(
      planned.map((lesson, index) => {
        const code = `SOM-${firstCode + index + 1}`;
        return { ...lesson, code };
      }),
      (chunk) => tx.insert(lessons).values(chunk),
    );

    // ---- Questions (from the hand-written ones and the templates) and answers ----
    const askers = (await tx.select({ id: students.userId }).from(students)).map((row) => row.id);
    if (askers.length === 0 || missing.questions === 0) return;
    const topicOfQuestion = (index: number) => {
      const combo = combos[(index * 5) % combos.length] as Combo;
      return combo.topics[index % combo.topics.length]?.name ?? combo.subjectName;
    };
    const questionValues = Array.from({ length: missing.questions }, (_, index) => {
      const combo = combos[(index * 5) % combos.length] as Combo;
      const written = QUESTIONS[index % QUESTIONS.length];
      const template = QUESTION_TEMPLATES[index % QUESTION_TEMPLATES.length];
      const topic = topicOfQuestion(index);
      const [title, body] =
        index % 3 === 0 && written
          ? [written[2], written[3]]
          : template
            ? template(topic, combo.gradeName)
            : [topic, topic];
      const createdAt = new Date(now.getTime() - ((index * 13) % (365 * 24)) * 3_600_000 - 3_600_000);
      return {
        userId: askers[index % askers.length] ?? 0,
        subjectId: combo.subjectId,
        gradeLevelId: combo.gradeLevelId,
        title,
        body,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const questionIds = await insertReturningIds(questionValues, (chunk) =>
      tx.insert(questions).values(chunk).returning({ id: questions.id }),
    );
    const answerers = anyTeachers.length ? anyTeachers : askers;
    const teacherUsers = new Map(
      (await tx.select({ id: teachers.id, userId: teachers.userId }).from(teachers)).map((row) => [
        row.id,
        row.userId,
      ]),
    );
    const answerValues = questionIds.flatMap((questionId, index) =>
      Array.from({ length: index % 4 }, (_, answerIndex) => {
        const createdAt = new Date(
          (questionValues[index]?.createdAt ?? now).getTime() + (answerIndex + 1) * 2 * 3_600_000,
        );
        const teacherId = answerers[(index + answerIndex * 31) % answerers.length] ?? 0;
        return {
          questionId,
          userId: teacherUsers.get(teacherId) ?? askers[0] ?? 0,
          body: answerTo(
            {
              title: questionValues[index]?.title ?? '',
              template: index % QUESTION_TEMPLATES.length,
              topic: topicOfQuestion(index),
            },
            answerIndex,
          ),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    await insertChunked(answerValues, (chunk) => tx.insert(answers).values(chunk));
  });
  // The catalogue's ended lessons were taught: their teachers joined (issue 22).
  await seedAttendance(db, now);

  // Fresh planner statistics, as autovacuum would gather on PostgreSQL (PGlite has no autovacuum).
  await db.execute(sql`ANALYZE`);
  const [[l], [c], [t], [q], [a]] = await Promise.all([
    db.select({ n: count() }).from(lessons),
    db.select({ n: count() }).from(classes),
    db.select({ n: count() }).from(teachers).where(eq(teachers.status, 'approved')),
    db.select({ n: count() }).from(questions),
    db.select({ n: count() }).from(answers),
  ]);
  return {
    lessons: Number(l?.n ?? 0),
    classes: Number(c?.n ?? 0),
    teachers: Number(t?.n ?? 0),
    questions: Number(q?.n ?? 0),
    answers: Number(a?.n ?? 0),
  };
}

/** Seeded programs with a grade and a subject, each with the topics of that grade and subject. */
async function loadCombos(db: Database): Promise<Combo[]> {
  const programRows = await db
    .select({
      programId: programs.id,
      curriculumId: programs.curriculumId,
      acronym: curricula.acronym,
      gradeLevelId: gradeLevels.id,
      gradeName: gradeLevels.name,
      subjectId: subjects.id,
      subjectSlug: subjects.slug,
      subjectName: subjects.name,
    })
    .from(programs)
    .innerJoin(gradeLevels, eq(gradeLevels.id, programs.gradeLevelId))
    .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId))
    .innerJoin(subjects, eq(subjects.id, programs.subjectId))
    .orderBy(programs.id);
  const topicRows = await db
    .select({
      id: topics.id,
      name: topics.name,
      subjectId: topics.subjectId,
      gradeLevelId: topics.gradeLevelId,
    })
    .from(topics)
    .where(and(isNotNull(topics.gradeLevelId)))
    .orderBy(topics.id);
  return programRows.flatMap((program) => {
    const own = topicRows
      .filter((topic) => topic.subjectId === program.subjectId && topic.gradeLevelId === program.gradeLevelId)
      .map((topic) => ({ id: topic.id, name: topic.name }));
    return own.length ? [{ ...program, topics: own }] : [];
  });
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  const factor = Number(process.argv[2] ?? process.env.SEED_SCALE ?? 1);
  const main = async () => {
    if (!Number.isInteger(factor) || factor < 1 || factor > 1000)
      throw new Error('Usage: seed-scale.ts <factor 1…1000>');
    const [{ databaseOptions, readConfig }, { createDatabase }, { isEmpty, seed }, { DiskFileStorage }] =
      await Promise.all([
        import('../config'),
        import('./client'),
        import('./seed'),
        import('../storage/file-storage'),
      ]);
    const env = readConfig();
    const database = await createDatabase(databaseOptions(env));
    try {
      await database.migrate();
      const storage = new DiskFileStorage(env.filesDir ?? path.join(tmpdir(), 'somesha-files'));
      if (await isEmpty(database.db)) await seed(database.db, { storage });
      const started = Date.now();
      const totals = await seedScale(database.db, factor);
      console.log(
        `Catalogue at ${factor}×: ${totals.lessons} lessons, ${totals.classes} classes, ${totals.teachers} approved teachers, ` +
          `${totals.questions} questions, ${totals.answers} answers (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    } finally {
      await database.close();
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
