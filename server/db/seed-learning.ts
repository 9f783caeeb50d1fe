// Seed of the learning workspace (issue 9): the demo student and the demo parent's two children get
// past and upcoming bookings (one lesson starts 20 minutes after seeding), a finished class, teachers'
// notes and assignments with small real files (PDF and text, written through the file storage), the
// lesson reminders of upcoming bookings, and activity and notifications for the feed and the bell.
// Idempotent: nothing happens when lesson SOM-0201 exists. Lesson dates are relative to `now`.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from './client';
import {
  activities,
  answerVotes,
  answers,
  assignments,
  bookings,
  classes,
  curricula,
  files,
  gradeLevels,
  lessonReminders,
  lessons,
  notes,
  notifications,
  parents,
  programs,
  questions,
  students,
  subjects,
  teachers,
  topics,
  users,
} from './schema';
import type { FileStorage } from '../storage/file-storage';
import { answerNews, bookingNews, lessonSoonNews, likeNews, type News } from '../services/activity-service';
import { REMINDER_LEAD_MS } from '../services/reminder-service';
import type { TeacherTime } from './seed-support';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The first code of this seed: the catalogue seed ends at SOM-0200. */
const FIRST_LEARNING_CODE = 'SOM-0201';

type Learner = 'wanjiru' | 'achieng' | 'baraka';

type FileSeed = { name: string; kind: 'pdf' | 'text'; title: string; lines: string[] };
type NoteSeed = { title: string; desc: string; files: FileSeed[] };
/** Due this many days after the lesson. */
type AssignmentSeed = NoteSeed & { dueDaysAfter: number };

type LessonSeed = {
  code: string;
  teacher: string;
  program: string;
  topic: string;
  objective: string;
  priceKes: number;
  /** Whole days from today (UTC midnight), at a Nairobi slot; or minutes from now. */
  day?: number;
  slotUtcMinutes?: number;
  startsInMinutes?: number;
  minutes: number;
  learners: Learner[];
  pastClass?: boolean;
  notes?: NoteSeed[];
  assignments?: AssignmentSeed[];
};

// 16:00, 17:30 and 19:00 in Nairobi (UTC+3), as minutes after UTC midnight.
const FOUR_PM = 13 * 60;
const HALF_FIVE = 14.5 * 60;
const SEVEN_PM = 16 * 60;

const PAST_CLASS = {
  slug: 'grade-7-mathematics-fractions-to-equations',
  title: 'Grade 7 Mathematics: fractions to equations',
  description:
    'Three weekly lessons that take Grade 7 learners from fractions and decimals through algebraic expressions to solving linear equations, with worked examples, notes and a short assignment after each lesson.',
};

const LESSONS: LessonSeed[] = [
  {
    code: 'SOM-0201',
    teacher: 'teacher@example.com',
    program: 'cbc-grade-7-mathematics',
    topic: 'cbc-grade-7-fractions-and-decimals',
    objective: 'Convert between fractions, decimals and percentages and order them.',
    priceKes: 500,
    day: -21,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['wanjiru'],
    pastClass: true,
    notes: [
      {
        title: 'Fractions, decimals and percentages',
        desc: 'The conversions we practised, with the worked examples from the board.',
        files: [
          {
            name: 'Fractions and decimals - notes.pdf',
            kind: 'pdf',
            title: 'Fractions, decimals and percentages',
            lines: [
              'A fraction a/b is the decimal a divided by b: 3/4 = 0.75.',
              'A decimal becomes a percentage when multiplied by 100: 0.75 = 75%.',
              'To order fractions, write them as decimals first: 2/5 = 0.4 < 1/2 = 0.5.',
              'Worked example: 7/8 = 0.875 = 87.5%.',
            ],
          },
        ],
      },
    ],
    assignments: [
      {
        title: 'Ordering fractions',
        desc: 'Ten questions: convert, then order from the smallest.',
        dueDaysAfter: 4,
        files: [
          {
            name: 'ordering-fractions.txt',
            kind: 'text',
            title: 'Ordering fractions',
            lines: [
              '1. Write 3/5 as a decimal and as a percentage.',
              '2. Order from the smallest: 0.6, 2/3, 58%.',
              '3. Which is larger, 5/8 or 0.62? Show your working.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0202',
    teacher: 'teacher@example.com',
    program: 'cbc-grade-7-mathematics',
    topic: 'cbc-grade-7-algebraic-expressions',
    objective: 'Form and simplify algebraic expressions from word problems.',
    priceKes: 600,
    day: -14,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['wanjiru'],
    pastClass: true,
    notes: [
      {
        title: 'Like terms',
        desc: 'Collecting like terms and removing brackets, step by step.',
        files: [
          {
            name: 'Algebraic expressions - notes.pdf',
            kind: 'pdf',
            title: 'Algebraic expressions',
            lines: [
              'Like terms have the same letters: 3x and 5x, but not 3x and 3y.',
              'Simplify by adding the numbers in front: 3x + 5x = 8x.',
              'Remove brackets first: 2(x + 4) = 2x + 8.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0203',
    teacher: 'teacher@example.com',
    program: 'cbc-grade-7-mathematics',
    topic: 'cbc-grade-7-linear-equations',
    objective: 'Solve linear equations in one unknown and check the answer.',
    priceKes: 600,
    day: -7,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['wanjiru'],
    pastClass: true,
    assignments: [
      {
        title: 'Linear equations worksheet',
        desc: 'Solve each equation and check your answer by substituting it back.',
        dueDaysAfter: 10,
        files: [
          {
            name: 'Linear equations worksheet.pdf',
            kind: 'pdf',
            title: 'Linear equations worksheet',
            lines: [
              '1. Solve 2x + 5 = 17.',
              '2. Solve 3(x - 2) = 12.',
              '3. A number doubled and increased by 7 gives 31. Find the number.',
              'Check each answer by substituting it back into the equation.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0204',
    teacher: 'james.ochieng@example.com',
    program: 'cbc-grade-7-integrated-science',
    topic: 'cbc-grade-7-the-cell',
    objective: 'Name the parts of plant and animal cells and what each does.',
    priceKes: 550,
    day: -2,
    slotUtcMinutes: HALF_FIVE,
    minutes: 60,
    learners: ['wanjiru'],
    notes: [
      {
        title: 'Parts of a cell',
        desc: 'A summary table to revise from.',
        files: [
          {
            name: 'cell-parts.txt',
            kind: 'text',
            title: 'Parts of a cell',
            lines: [
              'Nucleus: controls the activities of the cell.',
              'Cell membrane: controls what enters and leaves.',
              'Cytoplasm: where most chemical reactions happen.',
              'Plant cells only: cell wall, chloroplasts, a large vacuole.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0205',
    teacher: 'teacher@example.com',
    program: 'cbc-grade-7-mathematics',
    topic: 'cbc-grade-7-data-handling',
    objective: 'Collect data, draw bar graphs and find the mean, mode and median.',
    priceKes: 400,
    // Joinable 5 minutes after a fresh start.
    startsInMinutes: 20,
    minutes: 60,
    learners: ['wanjiru'],
    notes: [
      {
        title: 'Before the lesson',
        desc: 'Bring a ruler and squared paper; read the page below.',
        files: [
          {
            name: 'Data handling - pre-reading.pdf',
            kind: 'pdf',
            title: 'Data handling: pre-reading',
            lines: [
              'Mean: add the values and divide by how many there are.',
              'Mode: the value that appears most often.',
              'Median: the middle value once the values are in order.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0206',
    teacher: 'teacher@example.com',
    program: 'cbc-grade-7-mathematics',
    topic: 'cbc-grade-7-area-of-plane-figures',
    objective: 'Work out the area of triangles, parallelograms and trapezia.',
    priceKes: 450,
    day: 1,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['wanjiru'],
    notes: [
      {
        title: 'Area formulae',
        desc: 'The three formulae we will use.',
        files: [
          {
            name: 'area-formulae.txt',
            kind: 'text',
            title: 'Area formulae',
            lines: [
              'Triangle: half of base times height.',
              'Parallelogram: base times perpendicular height.',
              'Trapezium: half the sum of the parallel sides times the height.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0207',
    teacher: 'james.ochieng@example.com',
    program: 'cbc-grade-7-integrated-science',
    topic: 'cbc-grade-7-electrical-energy',
    objective: 'Build simple circuits and explain conductors and insulators.',
    priceKes: 650,
    day: 3,
    slotUtcMinutes: HALF_FIVE,
    minutes: 60,
    learners: ['wanjiru'],
  },
  {
    code: 'SOM-0208',
    teacher: 'teacher@example.com',
    program: 'cbc-grade-7-mathematics',
    topic: 'cbc-grade-7-integers',
    objective: 'Add, subtract, multiply and divide positive and negative numbers in real-life problems.',
    priceKes: 500,
    day: 9,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['wanjiru'],
  },
  {
    code: 'SOM-0209',
    teacher: 'amina.hassan@example.com',
    program: 'cbc-grade-4-english',
    topic: 'cbc-grade-4-reading-comprehension',
    objective: 'Read a short story and answer questions about it in full sentences.',
    priceKes: 300,
    day: -5,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['achieng'],
    notes: [
      {
        title: 'The story we read',
        desc: '"The Clever Hare", with the new words explained.',
        files: [
          {
            name: 'The Clever Hare.pdf',
            kind: 'pdf',
            title: 'The Clever Hare',
            lines: [
              'Once upon a time, a clever hare lived near a big river.',
              'New words: clever (quick to think), riverbank (the land beside a river).',
            ],
          },
        ],
      },
    ],
    assignments: [
      {
        title: 'Answer in full sentences',
        desc: 'Five questions about the story.',
        dueDaysAfter: 7,
        files: [
          {
            name: 'story-questions.txt',
            kind: 'text',
            title: 'The Clever Hare: questions',
            lines: [
              '1. Where did the hare live?',
              '2. Why was the hare called clever?',
              '3. What would you have done in the story?',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0210',
    teacher: 'amina.hassan@example.com',
    program: 'cbc-grade-4-english',
    topic: 'cbc-grade-4-composition-writing',
    objective: 'Plan and write a composition with a clear beginning, middle and end.',
    priceKes: 350,
    day: 2,
    slotUtcMinutes: FOUR_PM,
    minutes: 60,
    learners: ['achieng'],
    notes: [
      {
        title: 'Planning a composition',
        desc: 'A simple plan to fill in before writing.',
        files: [
          {
            name: 'composition-plan.txt',
            kind: 'text',
            title: 'Composition plan',
            lines: ['Beginning: who, where, when.', 'Middle: what happened.', 'End: how it finished.'],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0211',
    teacher: 'amina.hassan@example.com',
    program: 'cbc-grade-4-kiswahili',
    topic: 'cbc-grade-4-insha',
    objective: 'Kuandika insha fupi yenye mpangilio mzuri na msamiati unaofaa.',
    priceKes: 350,
    day: 6,
    slotUtcMinutes: HALF_FIVE,
    minutes: 60,
    learners: ['achieng'],
  },
  {
    code: 'SOM-0212',
    teacher: 'david.kariuki@example.com',
    program: 'igcse-year-10-mathematics',
    topic: 'igcse-year-10-quadratic-equations',
    objective: 'Solve quadratics by factorising, completing the square and the formula.',
    priceKes: 1500,
    day: -3,
    slotUtcMinutes: HALF_FIVE,
    minutes: 60,
    learners: ['baraka'],
    notes: [
      {
        title: 'Three ways to solve a quadratic',
        desc: 'Factorising, completing the square and the formula, on one page.',
        files: [
          {
            name: 'Quadratic equations - summary.pdf',
            kind: 'pdf',
            title: 'Quadratic equations',
            lines: [
              'Factorise: x^2 - 5x + 6 = (x - 2)(x - 3), so x = 2 or x = 3.',
              'Complete the square: x^2 + 6x = (x + 3)^2 - 9.',
              'Formula: x = (-b +/- sqrt(b^2 - 4ac)) / 2a.',
            ],
          },
        ],
      },
    ],
    assignments: [
      {
        title: 'Past-paper quadratics',
        desc: 'Six questions from past IGCSE papers.',
        dueDaysAfter: 7,
        files: [
          {
            name: 'Past-paper quadratics.pdf',
            kind: 'pdf',
            title: 'Past-paper quadratics',
            lines: [
              '1. Solve x^2 - 7x + 10 = 0.',
              '2. Solve 2x^2 + 3x - 2 = 0.',
              '3. Solve x^2 + 4x - 1 = 0, giving answers to 2 decimal places.',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0213',
    teacher: 'david.kariuki@example.com',
    program: 'igcse-year-10-computer-science',
    topic: 'igcse-year-10-algorithms-and-pseudocode',
    objective: 'Write and trace pseudocode with loops, selection and arrays.',
    priceKes: 2000,
    day: 1,
    slotUtcMinutes: HALF_FIVE,
    minutes: 90,
    learners: ['baraka'],
    notes: [
      {
        title: 'Pseudocode we will trace',
        desc: 'Read it once before the lesson.',
        files: [
          {
            name: 'largest-number.txt',
            kind: 'text',
            title: 'Largest number',
            lines: [
              'DECLARE Largest : INTEGER',
              'Largest <- Numbers[1]',
              'FOR Index <- 2 TO 10',
              '  IF Numbers[Index] > Largest THEN Largest <- Numbers[Index] ENDIF',
              'NEXT Index',
              'OUTPUT Largest',
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SOM-0214',
    teacher: 'david.kariuki@example.com',
    program: 'igcse-year-10-mathematics',
    topic: 'igcse-year-10-trigonometry',
    objective: 'Use sine, cosine and tangent, and the sine and cosine rules.',
    priceKes: 1500,
    day: 4,
    slotUtcMinutes: HALF_FIVE,
    minutes: 60,
    learners: ['baraka'],
  },
  {
    code: 'SOM-0215',
    teacher: 'amina.hassan@example.com',
    program: 'cbc-grade-4-kiswahili',
    topic: 'cbc-grade-4-ufahamu',
    objective: 'Kusoma kifungu na kujibu maswali ya ufahamu kwa usahihi.',
    priceKes: 300,
    day: 5,
    slotUtcMinutes: SEVEN_PM,
    minutes: 60,
    // Both children on one lesson: two bookings, two calendar events.
    learners: ['achieng', 'baraka'],
  },
];

/** A lesson of a class in the public catalogue, booked too, so the upcoming classes tab has content. */
const CATALOGUE_CLASS_BOOKINGS: Array<{ classSlug: string; learner: Learner }> = [
  { classSlug: 'grade-7-mathematics-catch-up', learner: 'wanjiru' },
  { classSlug: 'igcse-year-10-python-programming', learner: 'baraka' },
];

// ---- Files ----

const pdfText = (text: string) =>
  text
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');

/** A one-page PDF 1.4 of a title and lines in Helvetica, with a correct cross-reference table. */
export function minimalPdf(title: string, lines: string[]): Buffer {
  const text = [
    'BT',
    '/F1 18 Tf',
    '72 740 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    '0 -32 Td',
    ...lines.flatMap((line, index) => [...(index ? ['0 -20 Td'] : []), `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Somesha seed) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function fileBytes(file: FileSeed): { data: Buffer; mimeType: string } {
  return file.kind === 'pdf'
    ? { data: minimalPdf(file.title, file.lines), mimeType: 'application/pdf' }
    : { data: Buffer.from(`${file.title}\n\n${file.lines.join('\n')}\n`, 'utf8'), mimeType: 'text/plain' };
}

const keyPart = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');

/** The storage key of a seeded file; deterministic, so every seeded copy holds the same bytes. */
const seededFileKey = (code: string, name: string) => `seed/${keyPart(code)}/${keyPart(name)}`;

// ---- The seed ----

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`Learning seed: ${what} missing`);
  return row;
}

function startOfLesson(seed: LessonSeed, now: Date): Date {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  return seed.startsInMinutes !== undefined
    ? new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS + seed.startsInMinutes * MINUTE_MS)
    : new Date(today.getTime() + (seed.day ?? 0) * DAY_MS + (seed.slotUtcMinutes ?? FOUR_PM) * MINUTE_MS);
}

/**
 * When this seed's lessons take place: the earlier seeds keep their teachers free then (the demo
 * learners' lessons and their times are what the browser tests and the demo rely on).
 */
export function learningLessonTimes(now: Date): TeacherTime[] {
  return LESSONS.map((seed) => ({
    teacher: seed.teacher,
    startAt: startOfLesson(seed, now),
    minutes: seed.minutes,
  }));
}

export async function seedLearning(
  db: Database,
  options: { storage?: FileStorage; now?: Date } = {},
): Promise<void> {
  const [done] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.code, FIRST_LEARNING_CODE));
  if (done) return;
  const now = options.now ?? new Date();
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);

  const studentUser = await one(
    db.select().from(users).where(eq(users.email, 'student@example.com')),
    'demo student',
  );
  const parentUser = await one(
    db.select().from(users).where(eq(users.email, 'parent@example.com')),
    'demo parent',
  );
  const wanjiru = await one(db.select().from(students).where(eq(students.userId, studentUser.id)), 'Wanjiru');
  const children = await db
    .select({
      id: students.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(parents.userId, parentUser.id))
    .orderBy(asc(students.id));
  const achieng = children.find((child) => child.username === 'achieng.otieno');
  const baraka = children.find((child) => child.username === 'baraka.otieno');
  if (!achieng || !baraka) throw new Error('Learning seed: the demo parent has no children');
  const learner = {
    wanjiru: { studentId: wanjiru.id, payer: studentUser.id, child: null },
    achieng: {
      studentId: achieng.id,
      payer: parentUser.id,
      child: `${achieng.firstName} ${achieng.lastName}`,
    },
    baraka: { studentId: baraka.id, payer: parentUser.id, child: `${baraka.firstName} ${baraka.lastName}` },
  } satisfies Record<Learner, { studentId: number; payer: number; child: string | null }>;

  const teacherRows = await db
    .select({ id: teachers.id, userId: users.id, email: users.email })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(inArray(users.email, [...new Set(LESSONS.map((lesson) => lesson.teacher))]));
  const programRows = await db
    .select()
    .from(programs)
    .where(inArray(programs.slug, [...new Set(LESSONS.map((lesson) => lesson.program))]));
  const topicRows = await db
    .select()
    .from(topics)
    .where(inArray(topics.slug, [...new Set(LESSONS.map((lesson) => lesson.topic))]));

  const startOf = (seed: LessonSeed) => startOfLesson(seed, now);
  const planned = LESSONS.map((seed) => {
    const teacher = teacherRows.find((row) => row.email === seed.teacher);
    const program = programRows.find((row) => row.slug === seed.program);
    const topic = topicRows.find((row) => row.slug === seed.topic);
    if (!teacher || !program || !topic) throw new Error(`Learning seed: lesson ${seed.code} is missing data`);
    const startAt = startOf(seed);
    return {
      seed,
      teacher,
      program,
      topic,
      startAt,
      endAt: new Date(startAt.getTime() + seed.minutes * MINUTE_MS),
    };
  });

  await db.transaction(async (tx) => {
    // The finished class of Wanjiru's first three lessons (ended, so no public list shows it).
    const classLessons = planned.filter((lesson) => lesson.seed.pastClass);
    const first = classLessons[0];
    const last = classLessons[classLessons.length - 1];
    if (!first || !last) throw new Error('Learning seed: the past class has no lessons');
    const [grade7] = await tx.select().from(gradeLevels).where(eq(gradeLevels.slug, 'cbc-grade-7'));
    const [cbc] = await tx.select().from(curricula).where(eq(curricula.slug, 'cbc'));
    const [maths] = await tx.select().from(subjects).where(eq(subjects.slug, 'mathematics'));
    if (!grade7 || !cbc || !maths) throw new Error('Learning seed: CBC Grade 7 Mathematics missing');
    const totalKes = classLessons.reduce((sum, lesson) => sum + lesson.seed.priceKes, 0);
    const [pastClass] = await tx
      .insert(classes)
      .values({
        ...PAST_CLASS,
        teacherId: first.teacher.id,
        subjectId: maths.id,
        gradeLevelId: grade7.id,
        curriculumId: cbc.id,
        type: 'catch_up',
        frequency: 'weekly',
        priceCents: Math.round(totalKes * 0.9) * 100,
        startsAt: first.startAt,
        endsAt: last.endAt,
      })
      .onConflictDoNothing()
      .returning({ id: classes.id });

    const lessonRows = await tx
      .insert(lessons)
      .values(
        planned.map(({ seed, teacher, program, topic, startAt, endAt }) => ({
          code: seed.code,
          teacherId: teacher.id,
          topicId: topic.id,
          programId: program.id,
          classId: seed.pastClass ? (pastClass?.id ?? null) : null,
          type: 'public' as const,
          objective: seed.objective,
          priceCents: seed.priceKes * 100,
          startAt,
          endAt,
          isApproved: true,
          capacity: 30,
          // Written when the teacher scheduled it, a week or two before.
          createdAt: new Date(Math.min(now.getTime(), startAt.getTime()) - 10 * DAY_MS),
          updatedAt: new Date(Math.min(now.getTime(), startAt.getTime()) - 10 * DAY_MS),
        })),
      )
      .returning({ id: lessons.id, code: lessons.code, startAt: lessons.startAt });
    const lessonId = new Map(lessonRows.map((row) => [row.code, row.id]));

    // The catalogue classes' first lessons for the upcoming classes tab.
    const catalogueLessons = [];
    for (const { classSlug, learner: name } of CATALOGUE_CLASS_BOOKINGS) {
      const [row] = await tx
        .select({ id: lessons.id, code: lessons.code, startAt: lessons.startAt, topicName: topics.name })
        .from(lessons)
        .innerJoin(classes, eq(classes.id, lessons.classId))
        .leftJoin(topics, eq(topics.id, lessons.topicId))
        .where(and(eq(classes.slug, classSlug), eq(lessons.isApproved, true)))
        .orderBy(asc(lessons.startAt), asc(lessons.id))
        .limit(1);
      if (row) catalogueLessons.push({ ...row, learner: name });
    }

    // Bookings: each made the day the lesson was scheduled, or a few days before it.
    const bookingValues = [
      ...planned.flatMap(({ seed, topic, startAt }) =>
        seed.learners.map((name) => ({
          lessonId: lessonId.get(seed.code) ?? 0,
          code: seed.code,
          topicName: topic.name,
          startAt,
          learner: name,
        })),
      ),
      ...catalogueLessons.map((row) => ({
        lessonId: row.id,
        code: row.code,
        topicName: row.topicName,
        startAt: row.startAt,
        learner: row.learner,
      })),
    ].map((row) => ({
      ...row,
      createdAt: new Date(Math.min(now.getTime() - 2 * 3_600_000, row.startAt.getTime() - 3 * DAY_MS)),
    }));
    const bookingRows = await tx
      .insert(bookings)
      .values(
        bookingValues.map((row) => ({
          lessonId: row.lessonId,
          studentId: learner[row.learner].studentId,
          createdAt: row.createdAt,
        })),
      )
      .returning({ id: bookings.id, lessonId: bookings.lessonId, studentId: bookings.studentId });
    const bookingId = (lesson: number, studentId: number) =>
      bookingRows.find((row) => row.lessonId === lesson && row.studentId === studentId)?.id ?? 0;

    // Reminders an hour before each upcoming lesson; the one starting within the hour was "sent".
    const soon: typeof bookingValues = [];
    const reminders = bookingValues.flatMap((row) => {
      if (row.startAt.getTime() <= now.getTime()) return [];
      const dueAt = new Date(row.startAt.getTime() - REMINDER_LEAD_MS);
      const sent = dueAt.getTime() <= now.getTime();
      if (sent) soon.push(row);
      return [
        {
          bookingId: bookingId(row.lessonId, learner[row.learner].studentId),
          dueAt,
          sentAt: sent ? now : null,
        },
      ];
    });
    if (reminders.length) await tx.insert(lessonReminders).values(reminders).onConflictDoNothing();

    // Notes, assignments and their files.
    for (const { seed, teacher, startAt } of planned) {
      const id = lessonId.get(seed.code);
      if (!id) continue;
      // Notes go up a day before the lesson (or just now for a lesson that is about to start).
      const postedAt = new Date(Math.min(now.getTime() - MINUTE_MS, startAt.getTime() - DAY_MS));
      const store = async (file: FileSeed, owner: { noteId?: number; assignmentId?: number }) => {
        const { data, mimeType } = fileBytes(file);
        const storageKey = seededFileKey(seed.code, file.name);
        await options.storage?.put(storageKey, data);
        await tx.insert(files).values({
          ownerUserId: teacher.userId,
          purpose: owner.noteId ? 'note' : 'assignment',
          noteId: owner.noteId ?? null,
          assignmentId: owner.assignmentId ?? null,
          name: file.name,
          sizeBytes: data.length,
          mimeType,
          storageKey,
          createdAt: postedAt,
        });
      };
      for (const note of seed.notes ?? []) {
        const [row] = await tx
          .insert(notes)
          .values({
            lessonId: id,
            title: note.title,
            description: note.desc,
            createdAt: postedAt,
            updatedAt: postedAt,
          })
          .returning({ id: notes.id });
        for (const file of note.files) if (row) await store(file, { noteId: row.id });
      }
      for (const assignment of seed.assignments ?? []) {
        const due = new Date(startAt.getTime() + assignment.dueDaysAfter * DAY_MS);
        const [row] = await tx
          .insert(assignments)
          .values({
            lessonId: id,
            title: assignment.title,
            description: assignment.desc,
            dueDate: new Date(due.getTime() + 3 * 3_600_000).toISOString().slice(0, 10),
            createdAt: postedAt,
            updatedAt: postedAt,
          })
          .returning({ id: assignments.id });
        for (const file of assignment.files) if (row) await store(file, { assignmentId: row.id });
      }
    }

    // The feed and the bell: bookings, the lesson starting soon, answers and likes, oldest first
    // (the feed lists by id), worded as the services word them when it happens.
    const lessonOf = (row: (typeof bookingValues)[number]) => ({
      id: row.lessonId,
      code: row.code,
      startAt: row.startAt,
      topicName: row.topicName,
    });
    const items: Item[] = [
      ...bookingValues.map((row) => {
        const who = learner[row.learner];
        const booking = { id: bookingId(row.lessonId, who.studentId), studentId: who.studentId };
        return { userId: who.payer, at: row.createdAt, news: bookingNews(lessonOf(row), booking, who.child) };
      }),
      ...soon.map((row) => {
        const who = learner[row.learner];
        const booking = bookingId(row.lessonId, who.studentId);
        return { userId: who.payer, at: now, news: lessonSoonNews(lessonOf(row), booking, who.child) };
      }),
      ...(await answerItems(tx, [studentUser.id, parentUser.id], now)),
    ];
    items.sort((a, b) => a.at.getTime() - b.at.getTime());
    if (items.length) {
      await tx.insert(activities).values(
        items.map(({ userId, at, news }) => ({
          userId,
          type: news.type,
          text: news.text,
          url: news.url,
          createdAt: at,
        })),
      );
      await tx.insert(notifications).values(
        items.map(({ userId, at, news }) => ({
          userId,
          type: news.notification,
          data: { title: news.title, body: news.text, url: news.url, ...news.extra },
          // What is older than two days has been seen.
          readAt: now.getTime() - at.getTime() > 2 * DAY_MS ? new Date(at.getTime() + 3_600_000) : null,
          createdAt: at,
          updatedAt: at,
        })),
      );
    }
  });
}

/** One line of the seeded feed and bell: whose, when, and what it says. */
type Item = { userId: number; at: Date; news: News };

/** Answers to the demo users' questions and likes on their answers, as the feed reports them. */
async function answerItems(tx: Database, userIds: number[], now: Date): Promise<Item[]> {
  const answered = await tx
    .select({
      questionId: questions.id,
      title: questions.title,
      askerId: questions.userId,
      answerId: answers.id,
      at: answers.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(and(inArray(questions.userId, userIds), ne(answers.userId, questions.userId)));
  const liked = await tx
    .select({
      questionId: questions.id,
      title: questions.title,
      authorId: answers.userId,
      answerId: answers.id,
      answeredAt: answers.createdAt,
      likerId: answerVotes.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(answerVotes)
    .innerJoin(answers, eq(answers.id, answerVotes.answerId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, answerVotes.userId))
    .where(and(inArray(answers.userId, userIds), eq(answerVotes.type, 'like')));
  // Votes were seeded without a time of their own: a few hours after their answer.
  return [
    ...answered.map((row) => ({
      userId: row.askerId,
      at: row.at,
      news: answerNews(
        { id: row.questionId, title: row.title },
        row.answerId,
        `${row.firstName} ${row.lastName}`,
      ),
    })),
    ...liked.map((row, index) => ({
      userId: row.authorId,
      at: new Date(
        Math.min(now.getTime() - 60 * MINUTE_MS, row.answeredAt.getTime() + ((index % 5) + 1) * 3_600_000),
      ),
      news: likeNews({ id: row.questionId, title: row.title }, row.answerId, {
        id: row.likerId,
        name: `${row.firstName} ${row.lastName}`,
      }),
    })),
  ];
}
