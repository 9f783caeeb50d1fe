// Seed of the public catalogue (issue 4): categories, tags, terms, sixteen more approved teachers,
// 30 classes with their lessons (200 lessons in all with the commerce seed's 30), 50 questions with
// answers and votes, and the FAQs. Idempotent: keyed on slugs, e-mails and codes; batch inserts.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from './client';
import {
  answerVotes,
  answers,
  categories,
  classes,
  curricula,
  educationLevels,
  faqs,
  gradeLevels,
  gradeSubjectTopics,
  lessons,
  programs,
  questions,
  subjectTagLinks,
  subjectTags,
  subjects,
  subtopics,
  teacherSubjects,
  teachers,
  terms,
  topics,
  users,
} from './schema';
import { slugOf } from '../services/admin-catalogue-service';
import {
  answerTo,
  CATALOGUE_TEACHERS,
  CLASSES,
  FAQS,
  QUESTIONS,
  QUESTION_TEMPLATES,
  TOPIC_BANK,
  type ClassSeed,
} from './seed-catalogue-data';
import { createAccount } from '../services/account-service';
import { saveSchooling } from '../services/profile-service';
import { approvedTeacher, TeacherDiary } from './seed-support';
import { learningLessonTimes } from './seed-learning';

const emailOf = (first: string, last: string) => `${first}.${last}@example.com`.toLowerCase();

/** Lessons in all once this seed has run (the commerce seed made the first 30). */
const LESSON_TOTAL = 200;
const DAY_MS = 86_400_000;

const CATEGORIES: Array<[name: string, subjectSlugs: string[]]> = [
  ['Mathematics', ['mathematics']],
  ['Languages', ['english', 'kiswahili']],
  [
    'Sciences',
    [
      'science',
      'integrated-science',
      'science-and-technology',
      'biology',
      'chemistry',
      'physics',
      'environmental-activities',
    ],
  ],
  ['Humanities', ['geography', 'history', 'cre', 'social-studies']],
  ['Technical and applied', ['computer-science', 'pre-technical-studies', 'business-studies', 'agriculture']],
  ['Creative arts', ['creative-arts']],
];

const TAGS: Array<[name: string, color: string, subjectSlugs: string[]]> = [
  [
    'KCSE',
    '#C62828',
    [
      'mathematics',
      'english',
      'kiswahili',
      'biology',
      'chemistry',
      'physics',
      'geography',
      'history',
      'cre',
      'business-studies',
      'agriculture',
      'computer-science',
    ],
  ],
  [
    'KPSEA',
    '#6A1B9A',
    ['mathematics', 'english', 'kiswahili', 'science-and-technology', 'social-studies', 'creative-arts'],
  ],
  [
    'IGCSE',
    '#1565C0',
    [
      'mathematics',
      'english',
      'biology',
      'chemistry',
      'physics',
      'computer-science',
      'geography',
      'history',
      'business-studies',
    ],
  ],
  [
    'STEM',
    '#2E7D32',
    ['mathematics', 'integrated-science', 'science', 'biology', 'chemistry', 'physics', 'computer-science'],
  ],
];

async function seedCategoriesAndTags(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map(([name]) => ({ name, slug: slugOf(name) })))
    .onConflictDoNothing();
  const categoryRows = await db.select().from(categories);
  for (const [name, slugs] of CATEGORIES) {
    const category = categoryRows.find((row) => row.slug === slugOf(name));
    if (!category) continue;
    // Only subjects without a category: an admin's later choice is kept.
    await db
      .update(subjects)
      .set({ categoryId: category.id })
      .where(and(inArray(subjects.slug, slugs), isNull(subjects.categoryId)));
  }
  await db
    .insert(subjectTags)
    .values(TAGS.map(([name, color]) => ({ name, color, slug: slugOf(name) })))
    .onConflictDoNothing();
  const [tagRows, subjectRows] = await Promise.all([
    db.select().from(subjectTags),
    db.select({ id: subjects.id, slug: subjects.slug }).from(subjects),
  ]);
  const links = TAGS.flatMap(([name, , slugs]) => {
    const tag = tagRows.find((row) => row.slug === slugOf(name));
    return tag
      ? subjectRows
          .filter((subject) => slugs.includes(subject.slug))
          .map((subject) => ({ subjectId: subject.id, tagId: tag.id }))
      : [];
  });
  if (links.length) await db.insert(subjectTagLinks).values(links).onConflictDoNothing();
}

/** Kenyan school terms of the current year (the same calendar for every curriculum here). */
async function seedTerms(db: Database, year: number): Promise<void> {
  const calendar: Array<[string, string, string]> = [
    ['Term 1', `${year}-01-06`, `${year}-04-04`],
    ['Term 2', `${year}-04-28`, `${year}-08-01`],
    ['Term 3', `${year}-08-25`, `${year}-10-31`],
  ];
  const curriculumRows = await db.select().from(curricula);
  await db
    .insert(terms)
    .values(
      curriculumRows.flatMap((curriculum) =>
        calendar.map(([name, startDate, endDate]) => ({
          curriculumId: curriculum.id,
          name: `${name} ${year}`,
          slug: `${curriculum.slug}-${year}-${slugOf(name)}`,
          startDate,
          endDate,
        })),
      ),
    )
    .onConflictDoNothing();
}

async function seedTeachers(db: Database, passwordHash: string): Promise<void> {
  const emails = CATALOGUE_TEACHERS.map((teacher) => emailOf(teacher.firstName, teacher.lastName));
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (row) => row.email,
    ),
  );
  const missing = CATALOGUE_TEACHERS.filter(
    (teacher) => !existing.has(emailOf(teacher.firstName, teacher.lastName)),
  );
  if (missing.length === 0) return;
  const [subjectRows, curriculumRows] = await Promise.all([
    db.select({ id: subjects.id, slug: subjects.slug }).from(subjects),
    db.select({ id: curricula.id, slug: curricula.slug }).from(curricula),
  ]);
  await db.transaction(async (tx) => {
    for (const teacher of missing) {
      const email = emailOf(teacher.firstName, teacher.lastName);
      const { profileId } = await createAccount(tx, {
        firstName: teacher.firstName,
        lastName: teacher.lastName,
        username: email.split('@')[0] ?? email,
        email,
        phone: teacher.phone,
        passwordHash,
        status: 'active',
        emailVerifiedAt: new Date(),
        role: 'teacher',
        gender: teacher.gender,
        dob: teacher.dob,
      });
      if (!profileId) throw new Error('Teacher profile missing');
      await approvedTeacher(tx, profileId, {
        biography: teacher.biography,
        currentWorkplace: teacher.workplace,
        qualificationLevel: teacher.qualification,
        curriculumId: curriculumRows.find((row) => row.slug === teacher.curriculum)?.id ?? null,
        eduLevelId: null,
        subjectIds: subjectRows
          .filter((subject) => teacher.subjects.includes(subject.slug))
          .map((subject) => subject.id),
        // Checked at approval; never sent back (docs/catalogue-api.md).
        idNumber: String(20_000_000 + Number(teacher.phone.slice(-3)) * 1_337),
        tscNumber: String(500_000 + Number(teacher.phone.slice(-3)) * 17),
      });
    }
  });
}

async function teacherIdsByEmail(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: teachers.id, email: users.email })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.status, 'approved'));
  return new Map(rows.flatMap((row) => (row.email ? [[row.email, row.id] as [string, number]] : [])));
}

type Grade = { id: number; slug: string; name: string; curriculumId: number; acronym: string };

async function gradesBySlug(db: Database): Promise<Map<string, Grade>> {
  const rows = await db
    .select({
      id: gradeLevels.id,
      slug: gradeLevels.slug,
      name: gradeLevels.name,
      curriculumId: curricula.id,
      acronym: curricula.acronym,
    })
    .from(gradeLevels)
    .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId));
  return new Map(rows.map((row) => [row.slug, row]));
}

/** Whole KES per lesson by stage: primary, junior school, secondary, Cambridge. */
function lessonPriceKes(grade: Grade, index: number): number {
  const number = Number(/\d+$/.exec(grade.name)?.[0] ?? 0);
  const base =
    grade.acronym === 'IGCSE'
      ? 1600
      : grade.name.startsWith('Form') || number >= 10
        ? 900
        : number >= 7 && grade.name.startsWith('Grade')
          ? 600
          : 400;
  return base + (index % 3) * 50;
}

const LESSONS_PER_CLASS: Record<ClassSeed['frequency'], number> = { daily: 5, weekly: 6, monthly: 2 };
const GAP_DAYS: Record<ClassSeed['frequency'], number> = { daily: 1, weekly: 7, monthly: 28 };
// 16:00, 17:30 and 19:00 in Nairobi (UTC+3), as minutes after UTC midnight.
const SLOTS_UTC_MINUTES = [13 * 60, 14.5 * 60, 16 * 60];

type PlannedLesson = {
  classSlug: string | null;
  teacherId: number;
  programSlug: string;
  topicSlug: string;
  objective: string;
  priceCents: number;
  startAt: Date;
  minutes: number;
};

async function seedClassesAndLessons(db: Database, today: Date, now: Date): Promise<void> {
  const [anyClass] = await db.select({ id: classes.id }).from(classes).limit(1);
  if (anyClass) return;
  const diary = await TeacherDiary.of(db, learningLessonTimes(now));
  const [grades, subjectRows, teacherIds, [lessonCount]] = await Promise.all([
    gradesBySlug(db),
    db.select({ id: subjects.id, slug: subjects.slug, name: subjects.name }).from(subjects),
    teacherIdsByEmail(db),
    db
      .select({ id: lessons.id })
      .from(lessons)
      .then((rows) => [rows.length]),
  ]);
  const subjectBySlug = new Map(subjectRows.map((row) => [row.slug, row]));
  const programValues = new Map<string, typeof programs.$inferInsert>();
  const topicValues = new Map<
    string,
    { name: string; slug: string; subjectId: number; gradeLevelId: number }
  >();
  const planned: PlannedLesson[] = [];
  const classValues: Array<
    Omit<typeof classes.$inferInsert, 'priceCents' | 'startsAt' | 'endsAt'> & { slug: string }
  > = [];

  const plan = (
    seed: ClassSeed,
    classIndex: number,
    classSlug: string | null,
    count: number,
    firstDay: number,
    gap: number,
  ) => {
    const grade = grades.get(seed.grade);
    const subject = subjectBySlug.get(seed.subject);
    const teacherId = teacherIds.get(seed.teacher);
    const bank = TOPIC_BANK[seed.subject];
    if (!grade || !subject || !teacherId || !bank) throw new Error(`Class ${seed.title} is missing data`);
    const programName = `${grade.acronym} ${grade.name} ${subject.name}`;
    const programSlug = slugOf(programName);
    programValues.set(programSlug, {
      name: programName,
      slug: programSlug,
      curriculumId: grade.curriculumId,
      gradeLevelId: grade.id,
      subjectId: subject.id,
    });
    for (let lesson = 0; lesson < count; lesson += 1) {
      const [topicName, objective] = bank[(lesson + (classSlug ? 0 : classIndex)) % bank.length] ?? ['', ''];
      const topicSlug = `${grade.slug}-${slugOf(topicName)}`;
      topicValues.set(topicSlug, {
        name: topicName,
        slug: topicSlug,
        subjectId: subject.id,
        gradeLevelId: grade.id,
      });
      const slot = SLOTS_UTC_MINUTES[classIndex % SLOTS_UTC_MINUTES.length] ?? 0;
      const minutes = seed.type === 'revision' ? 90 : 60;
      planned.push({
        classSlug,
        teacherId,
        programSlug,
        topicSlug,
        objective,
        priceCents: lessonPriceKes(grade, classIndex + lesson) * 100,
        startAt: diary.book(
          seed.teacher,
          new Date(today.getTime() + (firstDay + lesson * gap) * DAY_MS + slot * 60_000),
          minutes,
        ),
        minutes,
      });
    }
    return { grade, subject, teacherId };
  };

  CLASSES.forEach((seed, index) => {
    const slug = slugOf(seed.title);
    const { grade, subject, teacherId } = plan(
      seed,
      index,
      slug,
      LESSONS_PER_CLASS[seed.frequency],
      1 + (index % 14),
      GAP_DAYS[seed.frequency],
    );
    classValues.push({
      slug,
      title: seed.title,
      description: seed.description,
      teacherId,
      subjectId: subject.id,
      gradeLevelId: grade.id,
      curriculumId: grade.curriculumId,
      type: seed.type,
      frequency: seed.frequency,
    });
  });
  // Single lessons outside any class fill the last weeks up to 200 lessons in all.
  const singles = Math.max(0, LESSON_TOTAL - (lessonCount ?? 0) - planned.length);
  for (let index = 0; index < singles; index += 1) {
    const seed = CLASSES[(index * 7) % CLASSES.length];
    if (seed) plan(seed, index, null, 1, 29 + ((index * 5) % 26), 0);
  }

  await db
    .insert(programs)
    .values([...programValues.values()])
    .onConflictDoNothing();
  await db
    .insert(topics)
    .values([...topicValues.values()])
    .onConflictDoNothing();
  const [programRows, topicRows] = await Promise.all([
    db
      .select({ id: programs.id, slug: programs.slug })
      .from(programs)
      .where(inArray(programs.slug, [...programValues.keys()])),
    db
      .select()
      .from(topics)
      .where(inArray(topics.slug, [...topicValues.keys()])),
  ]);
  const programId = new Map(programRows.map((row) => [row.slug, row.id]));
  const topicBySlug = new Map(topicRows.map((row) => [row.slug, row]));
  await db
    .insert(gradeSubjectTopics)
    .values(
      topicRows.flatMap((topic) =>
        topic.gradeLevelId
          ? [{ gradeLevelId: topic.gradeLevelId, subjectId: topic.subjectId, topicId: topic.id }]
          : [],
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(subtopics)
    .values(
      topicRows.flatMap((topic) => [
        { topicId: topic.id, name: `${topic.name}: key ideas`, slug: `${topic.slug}-key-ideas` },
        { topicId: topic.id, name: `${topic.name}: exam practice`, slug: `${topic.slug}-exam-practice` },
      ]),
    )
    .onConflictDoNothing();

  const classRows = await db
    .insert(classes)
    .values(
      classValues.map((value) => {
        const own = planned.filter((lesson) => lesson.classSlug === value.slug);
        const totalKes = own.reduce((sum, lesson) => sum + lesson.priceCents / 100, 0);
        const first = own[0];
        const last = own[own.length - 1];
        if (!first || !last) throw new Error(`Class ${value.slug} has no lessons`);
        return {
          ...value,
          // The whole class costs about 10% less than its lessons one by one.
          priceCents: Math.round((totalKes * 0.9) / 100) * 100 * 100,
          startsAt: first.startAt,
          endsAt: new Date(last.startAt.getTime() + last.minutes * 60_000),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: classes.id, slug: classes.slug });
  const classId = new Map(classRows.map((row) => [row.slug, row.id]));

  const types = ['public', 'group', 'public', 'group', 'private'] as const;
  await db
    .insert(lessons)
    .values(
      planned
        .sort((a, b) => a.startAt.getTime() - b.startAt.getTime())
        .map((lesson, index) => {
          const code = `SOM-${String((lessonCount ?? 0) + index + 1).padStart(4, '0')}`;
          const type = types[index % types.length] ?? 'public';
          return {
            code,
            teacherId: lesson.teacherId,
            topicId: topicBySlug.get(lesson.topicSlug)?.id ?? null,
            programId: programId.get(lesson.programSlug) ?? null,
            classId: lesson.classSlug ? (classId.get(lesson.classSlug) ?? null) : null,
            type,
            objective: lesson.objective,
            priceCents: lesson.priceCents,
            startAt: lesson.startAt,
            endAt: new Date(lesson.startAt.getTime() + lesson.minutes * 60_000),
            isApproved: true,
            capacity: type === 'private' ? 1 : type === 'group' ? 12 : 30,
          };
        }),
    )
    .onConflictDoNothing();
}

const LEARNERS: Array<[first: string, last: string, gender: 'male' | 'female', dob: string, grade: string]> =
  [
    ['Kevin', 'Mwangi', 'male', '2009-02-11', '8-4-4-form-4'],
    ['Sharon', 'Atieno', 'female', '2010-06-30', '8-4-4-form-3'],
    ['Ian', 'Kipchoge', 'male', '2011-01-19', '8-4-4-form-2'],
    ['Mary', 'Wairimu', 'female', '2013-09-04', 'cbc-grade-7'],
    ['Abdi', 'Mohamed', 'male', '2012-12-12', 'cbc-grade-8'],
    ['Cynthia', 'Nyambura', 'female', '2009-08-22', 'igcse-year-11'],
    ['Victor', 'Mutua', 'male', '2015-03-15', 'cbc-grade-5'],
    ['Zawadi', 'Karimi', 'female', '2010-11-01', 'igcse-year-10'],
  ];

async function seedLearners(db: Database, passwordHash: string): Promise<number[]> {
  const emails = LEARNERS.map(([first, last]) => emailOf(first, last));
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (row) => row.email,
    ),
  );
  const grades = await gradesBySlug(db);
  await db.transaction(async (tx) => {
    for (const [first, last, gender, dob, gradeSlug] of LEARNERS) {
      const email = emailOf(first, last);
      if (existing.has(email)) continue;
      const { profileId } = await createAccount(tx, {
        firstName: first,
        lastName: last,
        username: email.split('@')[0] ?? email,
        email,
        phone: null,
        passwordHash,
        status: 'active',
        emailVerifiedAt: new Date(),
        role: 'student',
        gender,
        dob,
      });
      const grade = grades.get(gradeSlug);
      if (profileId && grade) {
        const [level] = await tx
          .select({ id: gradeLevels.eduLevelId })
          .from(gradeLevels)
          .where(eq(gradeLevels.id, grade.id));
        await saveSchooling(tx, profileId, {
          schoolName: null,
          studyMode: 'day_scholar',
          curriculumId: grade.curriculumId,
          eduLevelId: level?.id ?? null,
          gradeLevelId: grade.id,
        });
      }
    }
  });
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['student@example.com', 'parent@example.com', ...emails]));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The topic of the templated question made from class `index`. */
function topicOf(seed: (typeof CLASSES)[number], index: number): string {
  const bank = TOPIC_BANK[seed.subject] ?? [];
  return bank[(index + 2) % Math.max(1, bank.length)]?.[0] ?? seed.subject;
}

async function seedQuestions(db: Database, askers: number[], now: Date): Promise<void> {
  const [anyQuestion] = await db.select({ id: questions.id }).from(questions).limit(1);
  if (anyQuestion || askers.length === 0) return;
  const [grades, subjectRows, teacherRows] = await Promise.all([
    gradesBySlug(db),
    db.select({ id: subjects.id, slug: subjects.slug }).from(subjects),
    db
      .select({ userId: teachers.userId, subjectId: teacherSubjects.subjectId })
      .from(teachers)
      .innerJoin(teacherSubjects, eq(teacherSubjects.teacherId, teachers.id))
      .where(eq(teachers.status, 'approved'))
      .orderBy(asc(teachers.id), asc(teacherSubjects.subjectId)),
  ]);
  const subjectId = (slug: string) => subjectRows.find((row) => row.slug === slug)?.id ?? null;
  const templated = CLASSES.map((seed, index): [string, string, string, string] => {
    const topic = topicOf(seed, index);
    const template = QUESTION_TEMPLATES[index % QUESTION_TEMPLATES.length];
    const gradeName = grades.get(seed.grade)?.name ?? '';
    const [title, body] = template ? template(topic, gradeName) : [topic, topic];
    return [seed.subject, seed.grade, title, body];
  });
  const all = [...QUESTIONS, ...templated].slice(0, 50);
  // What each question is about, so that its answers answer it (issue 24).
  const about = all.map(([, , title], index) => {
    const classIndex = index - QUESTIONS.length;
    const seed = CLASSES[classIndex];
    return {
      title,
      template: Math.max(0, classIndex) % QUESTION_TEMPLATES.length,
      topic: seed ? topicOf(seed, classIndex) : '',
    };
  });
  const questionRows = await db
    .insert(questions)
    .values(
      all.map(([subject, grade, title, body], index) => {
        // Spread over the last five weeks, the newest first in the hand-written order.
        const createdAt = new Date(now.getTime() - (index * 17 + 3) * 3_600_000);
        return {
          userId: askers[index % askers.length] ?? 0,
          subjectId: subjectId(subject),
          gradeLevelId: grades.get(grade)?.id ?? null,
          title,
          body,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: questions.id, subjectId: questions.subjectId, createdAt: questions.createdAt });

  const answerValues = questionRows.flatMap((question, index) => {
    // Every fourth question is still waiting for an answer.
    const howMany = index % 4;
    const experts = teacherRows
      .filter((row) => row.subjectId === question.subjectId)
      .map((row) => row.userId);
    return Array.from({ length: howMany }, (_, answerIndex) => {
      const author =
        answerIndex === 2
          ? (askers[(index + 3) % askers.length] ?? 0)
          : (experts[answerIndex % Math.max(1, experts.length)] ??
            teacherRows[index % teacherRows.length]?.userId ??
            0);
      const createdAt = new Date(question.createdAt.getTime() + (answerIndex + 1) * 2 * 3_600_000);
      return {
        questionId: question.id,
        userId: author,
        body: about[index] ? answerTo(about[index], answerIndex) : '',
        createdAt,
        updatedAt: createdAt,
      };
    });
  });
  const answerRows = answerValues.length
    ? await db.insert(answers).values(answerValues).returning({ id: answers.id, userId: answers.userId })
    : [];
  const votes = answerRows.flatMap((answer, index) => {
    const voters = askers.filter((id) => id !== answer.userId);
    const likes = (index * 7) % 5;
    const dislikes = index % 3 === 0 ? 1 : 0;
    return voters.slice(0, likes + dislikes).map((userId, voterIndex) => ({
      answerId: answer.id,
      userId,
      type: voterIndex < likes ? ('like' as const) : ('dislike' as const),
    }));
  });
  if (votes.length) await db.insert(answerVotes).values(votes).onConflictDoNothing();
}

async function seedFaqs(db: Database): Promise<void> {
  await db
    .insert(faqs)
    .values(
      FAQS.map(([slug, question, answer], position) => ({ slug, question, answer, position: position + 1 })),
    )
    .onConflictDoNothing();
}

export async function seedPublicCatalogue(
  db: Database,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  await seedCategoriesAndTags(db);
  await seedTerms(db, now.getUTCFullYear());
  await seedTeachers(db, passwordHash);
  await seedClassesAndLessons(db, today, now);
  const askers = await seedLearners(db, passwordHash);
  await seedQuestions(db, askers, now);
  await seedFaqs(db);
}
