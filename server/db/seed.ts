// Idempotent seed: the Kenyan curriculum catalogue and the demo accounts (keyed on slugs and
// e-mails, so running it twice changes nothing).
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import {
  lessons,
  packageFeatureValues,
  packageFeatures,
  packages,
  programs,
  topics,
  curricula,
  educationLevels,
  gradeLevelSubjects,
  gradeLevels,
  parents,
  roles,
  subjects,
  teachers,
  transactions,
  users,
  wallets,
} from './schema';
import { slugOf } from '../services/admin-catalogue-service';
import { formatKes } from '../../src/shared/format';
import { createAccount, type NewAccount } from '../services/account-service';
import { createChildAccount, saveSchooling } from '../services/profile-service';
import { hashSecret } from '../security/password';
import { seedPublicCatalogue } from './seed-catalogue';
import { approvedTeacher, subjectIdsBySlug, TeacherDiary } from './seed-support';
import { seedAttendance } from './seed-attendance';
import { seedMessages } from './seed-messages';
import { seedReviewLessons, seedReviews } from './seed-reviews';
import { seedTeaching } from './seed-teaching';
import { learningLessonTimes, seedLearning } from './seed-learning';
import type { FileStorage } from '../storage/file-storage';

export const DEMO_PASSWORD = 'Passw0rd!';
const DEMO_WALLET_PIN = '1234';

const SUBJECTS: Array<[name: string, color: string]> = [
  ['Mathematics', '#1E88E5'],
  ['English', '#8E24AA'],
  ['Kiswahili', '#43A047'],
  ['Environmental Activities', '#689F38'],
  ['Science and Technology', '#00897B'],
  ['Science', '#0097A7'],
  ['Integrated Science', '#00ACC1'],
  ['Social Studies', '#FFB300'],
  ['Pre-Technical Studies', '#5C6BC0'],
  ['Biology', '#2E7D32'],
  ['Chemistry', '#F4511E'],
  ['Physics', '#3949AB'],
  ['Geography', '#6D4C41'],
  ['History', '#8D6E63'],
  ['CRE', '#5E35B1'],
  ['Business Studies', '#FB8C00'],
  ['Computer Science', '#546E7A'],
  ['Agriculture', '#7CB342'],
  ['Creative Arts', '#D81B60'],
];

const SECONDARY = [
  'Mathematics',
  'English',
  'Kiswahili',
  'Biology',
  'Chemistry',
  'Physics',
  'Geography',
  'History',
  'CRE',
  'Business Studies',
  'Computer Science',
  'Agriculture',
];

type LevelSeed = { name: string; grades: string[]; subjects: string[] };
type CurriculumSeed = { name: string; acronym: string; slug: string; levels: LevelSeed[] };

const range = (label: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${label} ${from + index}`);

const CURRICULA: CurriculumSeed[] = [
  {
    name: 'Competency Based Curriculum',
    acronym: 'CBC',
    slug: 'cbc',
    levels: [
      {
        name: 'Lower Primary',
        grades: range('Grade', 1, 3),
        subjects: ['Mathematics', 'English', 'Kiswahili', 'Environmental Activities', 'Creative Arts', 'CRE'],
      },
      {
        name: 'Upper Primary',
        grades: range('Grade', 4, 6),
        subjects: [
          'Mathematics',
          'English',
          'Kiswahili',
          'Science and Technology',
          'Social Studies',
          'Agriculture',
          'Creative Arts',
          'CRE',
        ],
      },
      {
        name: 'Junior School',
        grades: range('Grade', 7, 9),
        subjects: [
          'Mathematics',
          'English',
          'Kiswahili',
          'Integrated Science',
          'Social Studies',
          'Pre-Technical Studies',
          'Agriculture',
          'Business Studies',
          'Creative Arts',
          'CRE',
          'Computer Science',
        ],
      },
      { name: 'Senior School', grades: range('Grade', 10, 12), subjects: SECONDARY },
    ],
  },
  {
    name: '8-4-4 System',
    acronym: '8-4-4',
    slug: '8-4-4',
    levels: [
      {
        name: 'Primary',
        grades: range('Standard', 1, 8),
        subjects: ['Mathematics', 'English', 'Kiswahili', 'Science', 'Social Studies', 'CRE'],
      },
      { name: 'Secondary', grades: range('Form', 1, 4), subjects: SECONDARY },
    ],
  },
  {
    name: 'Cambridge International (IGCSE)',
    acronym: 'IGCSE',
    slug: 'igcse',
    levels: [
      {
        name: 'Primary',
        grades: range('Year', 1, 6),
        subjects: ['Mathematics', 'English', 'Kiswahili', 'Science', 'Creative Arts', 'Computer Science'],
      },
      {
        name: 'Lower Secondary',
        grades: range('Year', 7, 9),
        subjects: [
          'Mathematics',
          'English',
          'Kiswahili',
          'Science',
          'Geography',
          'History',
          'Computer Science',
          'Creative Arts',
        ],
      },
      { name: 'IGCSE', grades: range('Year', 10, 11), subjects: SECONDARY.filter((name) => name !== 'CRE') },
      {
        name: 'A Level',
        grades: range('Year', 12, 13),
        subjects: [
          'Mathematics',
          'English',
          'Biology',
          'Chemistry',
          'Physics',
          'Geography',
          'History',
          'Business Studies',
          'Computer Science',
        ],
      },
    ],
  },
];

async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values(['student', 'parent', 'teacher', 'admin'].map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(subjects)
    .values(SUBJECTS.map(([name, color]) => ({ name, color, slug: slugOf(name) })))
    .onConflictDoNothing();
  const subjectIds = new Map((await db.select().from(subjects)).map((row) => [row.name, row.id]));

  for (const [curriculumIndex, curriculum] of CURRICULA.entries()) {
    await db
      .insert(curricula)
      .values({
        name: curriculum.name,
        acronym: curriculum.acronym,
        slug: curriculum.slug,
        position: curriculumIndex,
      })
      .onConflictDoNothing();
    const [curriculumRow] = await db.select().from(curricula).where(eq(curricula.slug, curriculum.slug));
    if (!curriculumRow) throw new Error(`Curriculum ${curriculum.slug} missing`);

    for (const [levelIndex, level] of curriculum.levels.entries()) {
      const levelSlug = `${curriculum.slug}-${slugOf(level.name)}`;
      await db
        .insert(educationLevels)
        .values({ curriculumId: curriculumRow.id, name: level.name, slug: levelSlug, position: levelIndex })
        .onConflictDoNothing();
      const [levelRow] = await db.select().from(educationLevels).where(eq(educationLevels.slug, levelSlug));
      if (!levelRow) throw new Error(`Education level ${levelSlug} missing`);

      const gradeSlugs = level.grades.map((grade) => `${curriculum.slug}-${slugOf(grade)}`);
      await db
        .insert(gradeLevels)
        .values(
          level.grades.map((name, index) => ({
            eduLevelId: levelRow.id,
            name,
            slug: gradeSlugs[index] ?? '',
            position: index,
          })),
        )
        .onConflictDoNothing();
      const gradeRows = await db.select().from(gradeLevels).where(inArray(gradeLevels.slug, gradeSlugs));
      const links = gradeRows.flatMap((grade) =>
        level.subjects.map((name) => {
          const subjectId = subjectIds.get(name);
          if (!subjectId) throw new Error(`Subject ${name} missing`);
          return { gradeLevelId: grade.id, subjectId };
        }),
      );
      await db.insert(gradeLevelSubjects).values(links).onConflictDoNothing();
    }
  }
}

async function gradeBySlug(db: Database, slug: string) {
  const [grade] = await db.select().from(gradeLevels).where(eq(gradeLevels.slug, slug));
  if (!grade) throw new Error(`Grade level ${slug} missing`);
  const [level] = await db.select().from(educationLevels).where(eq(educationLevels.id, grade.eduLevelId));
  if (!level) throw new Error(`Education level of ${slug} missing`);
  return { gradeLevelId: grade.id, eduLevelId: level.id, curriculumId: level.curriculumId };
}

type DemoAccount = Omit<NewAccount, 'passwordHash' | 'status' | 'emailVerifiedAt'> & { email: string };

/** Creates the account unless the e-mail exists; returns the new user's profile id, or null when skipped. */
async function demoAccount(
  db: Database,
  account: DemoAccount,
  complete: (tx: Database, ids: { userId: number; profileId: number | null }) => Promise<void>,
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  if (existing) return;
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = await createAccount(tx, {
      ...account,
      passwordHash,
      status: 'active',
      emailVerifiedAt: new Date(),
    });
    await complete(tx, ids);
  });
}

/**
 * A demo wallet's money, as the ledger holds it (docs/commerce.md "The ledger and the money
 * audit"): one M-Pesa top-up with its receipt, a while ago, so `npm run audit:money` finds every
 * shilling accounted for.
 */
async function walletToppedUp(tx: Database, userId: number, cents: number): Promise<void> {
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: cents })
    .where(eq(wallets.userId, userId))
    .returning({ id: wallets.id });
  if (!wallet) throw new Error(`Seed: no wallet for user ${userId}`);
  const at = new Date(Date.now() - 90 * 86_400_000);
  const receipt = `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
  await tx.insert(transactions).values({
    userId,
    walletId: wallet.id,
    type: 'topup',
    amountCents: cents,
    reference: `TOP-S${receipt}`,
    status: 'completed',
    gateway: 'mpesa',
    gatewayReceipt: receipt,
    meta: { result_desc: 'Opening balance: M-Pesa top-up' },
    initiatedAt: at,
    completedAt: at,
  });
}

/**
 * The demo teacher can withdraw at once (issue 23, README "Try a withdrawal"): KES 2,500 of past
 * earnings in the wallet as an earning line, wallet PIN 1234, and the sandbox's "paid" number set
 * three days ago, past its 24-hour wait.
 */
async function teacherCanWithdraw(tx: Database, userId: number, pinHash: string): Promise<void> {
  const cents = 250_000;
  const setAt = new Date(Date.now() - 3 * 86_400_000);
  const [wallet] = await tx
    .update(wallets)
    .set({
      balanceCents: cents,
      pinHash,
      withdrawalNo: '254708374149',
      withdrawalProvider: 'mpesa',
      withdrawalNoSetAt: setAt,
    })
    .where(eq(wallets.userId, userId))
    .returning({ id: wallets.id });
  if (!wallet) throw new Error(`Seed: no wallet for user ${userId}`);
  const at = new Date(Date.now() - 30 * 86_400_000);
  await tx.insert(transactions).values({
    userId,
    walletId: wallet.id,
    type: 'earning',
    amountCents: cents,
    reference: `ERN-S${randomBytes(4).toString('hex').toUpperCase()}`,
    status: 'completed',
    gateway: 'wallet',
    meta: { result_desc: 'Opening balance: earnings of past lessons' },
    initiatedAt: at,
    completedAt: at,
  });
}

async function seedAccounts(db: Database): Promise<void> {
  const grade7 = await gradeBySlug(db, 'cbc-grade-7');
  const grade4 = await gradeBySlug(db, 'cbc-grade-4');
  const year10 = await gradeBySlug(db, 'igcse-year-10');
  const pinHash = await hashSecret(DEMO_WALLET_PIN);

  await demoAccount(
    db,
    {
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      username: 'wanjiru.kamau',
      email: 'student@example.com',
      phone: '254712345678',
      role: 'student',
      gender: 'female',
      dob: '2013-03-14',
    },
    async (tx, { userId, profileId }) => {
      if (!profileId) throw new Error('Student profile missing');
      await saveSchooling(tx, profileId, {
        ...grade7,
        schoolName: 'Kilimani Junior School, Nairobi',
        studyMode: 'day_scholar',
      });
      // KES 10,000 and PIN 1234: the checkout demo pays from this wallet.
      await walletToppedUp(tx, userId, 1_000_000);
      await tx.update(wallets).set({ pinHash }).where(eq(wallets.userId, userId));
      // A proven phone (issue 26): her lesson reminders and receipts go by SMS too, as `/dev/sms` shows.
      await tx.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
    },
  );

  await demoAccount(
    db,
    {
      firstName: 'Peter',
      lastName: 'Otieno',
      username: 'peter.otieno',
      email: 'parent@example.com',
      phone: '254722000111',
      role: 'parent',
      gender: 'male',
      dob: '1982-06-02',
    },
    async (tx, { profileId }) => {
      if (!profileId) throw new Error('Parent profile missing');
      await tx.update(parents).set({ profileCompleted: true }).where(eq(parents.id, profileId));
      const children = [
        {
          firstName: 'Achieng',
          lastName: 'Otieno',
          username: 'achieng.otieno',
          gender: 'female' as const,
          dob: '2016-05-10',
          ...grade4,
          schoolName: 'Riara Springs Primary School, Nairobi',
          studyMode: 'day_scholar' as const,
        },
        {
          firstName: 'Baraka',
          lastName: 'Otieno',
          username: 'baraka.otieno',
          gender: 'male' as const,
          dob: '2011-09-21',
          ...year10,
          schoolName: 'Brookhouse School, Karen',
          studyMode: 'boarding' as const,
        },
      ];
      for (const child of children) await createChildAccount(tx, profileId, child);
    },
  );

  await demoAccount(
    db,
    {
      firstName: 'Grace',
      lastName: 'Mwangi',
      username: 'grace.mwangi',
      email: 'teacher@example.com',
      phone: '254733456789',
      role: 'teacher',
      gender: 'female',
      dob: '1988-11-05',
    },
    async (tx, { userId, profileId }) => {
      if (!profileId) throw new Error('Teacher profile missing');
      const senior = await gradeBySlug(tx, 'cbc-grade-10');
      await approvedTeacher(tx, profileId, {
        biography:
          'Mathematics and Physics teacher with eleven years in Kenyan secondary schools. I help learners build confidence through worked examples, past papers and short weekly checks, and I prepare candidates for KCSE and the new CBC senior school assessments.',
        currentWorkplace: 'Alliance Girls High School, Kikuyu',
        qualificationLevel: 'Masters',
        curriculumId: senior.curriculumId,
        eduLevelId: senior.eduLevelId,
        subjectIds: await subjectIdsBySlug(tx, ['mathematics', 'physics', 'computer-science']),
        idNumber: '28765432',
        tscNumber: '456789',
      });
      await teacherCanWithdraw(tx, userId, pinHash);
    },
  );

  await demoAccount(
    db,
    {
      firstName: 'Daniel',
      lastName: 'Kiprop',
      username: 'daniel.kiprop',
      email: 'admin@example.com',
      phone: '254700111222',
      role: 'admin',
      gender: 'male',
      dob: '1985-01-20',
    },
    async () => {},
  );

  await demoAccount(
    db,
    {
      firstName: 'Brian',
      lastName: 'Mutua',
      username: 'brian.mutua',
      email: 'newteacher@example.com',
      phone: '254711222333',
      role: 'teacher',
      gender: 'male',
      dob: '1994-07-30',
    },
    async () => {},
  );
}

type TeacherSeed = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  gender: 'male' | 'female';
  dob: string;
  workplace: string;
  biography: string;
  subjects: string[];
};

const MORE_TEACHERS: TeacherSeed[] = [
  {
    firstName: 'James',
    lastName: 'Ochieng',
    username: 'james.ochieng',
    email: 'james.ochieng@example.com',
    phone: '254722334455',
    gender: 'male',
    dob: '1985-04-12',
    workplace: 'Maseno School, Kisumu',
    biography:
      'Chemistry and Biology teacher and KCSE examiner. I break hard topics into small steps and finish every lesson with exam-style questions.',
    subjects: ['chemistry', 'biology', 'integrated-science'],
  },
  {
    firstName: 'Amina',
    lastName: 'Hassan',
    username: 'amina.hassan',
    email: 'amina.hassan@example.com',
    phone: '254711445566',
    gender: 'female',
    dob: '1990-08-23',
    workplace: 'Aga Khan Academy, Mombasa',
    biography:
      'English and Kiswahili teacher for upper primary and junior school. Reading for meaning, composition and insha that score.',
    subjects: ['english', 'kiswahili'],
  },
  {
    firstName: 'David',
    lastName: 'Kariuki',
    username: 'david.kariuki',
    email: 'david.kariuki@example.com',
    phone: '254729556677',
    gender: 'male',
    dob: '1987-12-02',
    workplace: 'Strathmore School, Nairobi',
    biography:
      'IGCSE Mathematics and Computer Science teacher. Clear methods, plenty of practice, and programming with real examples.',
    subjects: ['mathematics', 'computer-science'],
  },
];

async function seedTeachers(db: Database): Promise<void> {
  for (const teacher of MORE_TEACHERS) {
    await demoAccount(db, { ...teacher, role: 'teacher' }, async (tx, { profileId }) => {
      if (!profileId) throw new Error('Teacher profile missing');
      await approvedTeacher(tx, profileId, {
        biography: teacher.biography,
        currentWorkplace: teacher.workplace,
        qualificationLevel: 'Degree',
        curriculumId: null,
        eduLevelId: null,
        subjectIds: await subjectIdsBySlug(tx, teacher.subjects),
        idNumber: null,
        tscNumber: null,
      });
    });
  }
}

type ProgramSeed = {
  name: string;
  curriculum: string;
  grade: string;
  subject: string;
  teacher: string;
  topics: Array<[topic: string, objective: string, priceKes: number]>;
};

// Prices in whole shillings; every program has a few upcoming lessons.
const PROGRAMS: ProgramSeed[] = [
  {
    name: 'CBC Grade 7 Mathematics',
    curriculum: 'cbc',
    grade: 'cbc-grade-7',
    subject: 'mathematics',
    teacher: 'teacher@example.com',
    topics: [
      [
        'Integers',
        'Add, subtract, multiply and divide positive and negative numbers in real-life problems.',
        500,
      ],
      ['Fractions and decimals', 'Convert between fractions, decimals and percentages and order them.', 500],
      ['Algebraic expressions', 'Form and simplify algebraic expressions from word problems.', 600],
      ['Linear equations', 'Solve linear equations in one unknown and check the answer.', 600],
      ['Area of plane figures', 'Work out the area of triangles, parallelograms and trapezia.', 450],
      ['Data handling', 'Collect data, draw bar graphs and find the mean, mode and median.', 400],
    ],
  },
  {
    name: 'CBC Grade 7 Integrated Science',
    curriculum: 'cbc',
    grade: 'cbc-grade-7',
    subject: 'integrated-science',
    teacher: 'james.ochieng@example.com',
    topics: [
      [
        'Mixtures and separation',
        'Separate mixtures by filtration, evaporation and decanting, with home experiments.',
        550,
      ],
      ['The cell', 'Name the parts of plant and animal cells and what each does.', 550],
      ['Electrical energy', 'Build simple circuits and explain conductors and insulators.', 650],
      ['Human breathing system', 'Describe how we breathe and how to keep the lungs healthy.', 500],
    ],
  },
  {
    name: 'CBC Grade 4 English',
    curriculum: 'cbc',
    grade: 'cbc-grade-4',
    subject: 'english',
    teacher: 'amina.hassan@example.com',
    topics: [
      ['Reading comprehension', 'Read a short story and answer questions about it in full sentences.', 300],
      ['Composition writing', 'Plan and write a composition with a clear beginning, middle and end.', 350],
      ['Grammar: tenses', 'Use the simple present, past and future tenses correctly.', 300],
    ],
  },
  {
    name: 'CBC Grade 4 Kiswahili',
    curriculum: 'cbc',
    grade: 'cbc-grade-4',
    subject: 'kiswahili',
    teacher: 'amina.hassan@example.com',
    topics: [
      ['Insha', 'Kuandika insha fupi yenye mpangilio mzuri na msamiati unaofaa.', 350],
      ['Ufahamu', 'Kusoma kifungu na kujibu maswali ya ufahamu kwa usahihi.', 300],
    ],
  },
  {
    name: '8-4-4 Form 2 Chemistry',
    curriculum: '8-4-4',
    grade: '8-4-4-form-2',
    subject: 'chemistry',
    teacher: 'james.ochieng@example.com',
    topics: [
      ['Structure of the atom', 'Work out electron arrangements and explain isotopes.', 800],
      ['Chemical bonding', 'Explain ionic, covalent and metallic bonds with examples.', 900],
      ['Salts', 'Prepare salts in the lab and write balanced equations.', 850],
    ],
  },
  {
    name: '8-4-4 Form 4 Physics',
    curriculum: '8-4-4',
    grade: '8-4-4-form-4',
    subject: 'physics',
    teacher: 'teacher@example.com',
    topics: [
      ['Electromagnetic induction', "Apply Faraday's and Lenz's laws to generators and transformers.", 1200],
      ['Waves II', 'Solve KCSE problems on interference, diffraction and stationary waves.', 1200],
      ['Radioactivity', 'Explain decay, half-life and the safe use of radioactive sources.', 1000],
      ['KCSE Physics Paper 2 revision', 'Work through a full past paper with marking-scheme tips.', 2500],
    ],
  },
  {
    name: 'IGCSE Year 10 Mathematics',
    curriculum: 'igcse',
    grade: 'igcse-year-10',
    subject: 'mathematics',
    teacher: 'david.kariuki@example.com',
    topics: [
      [
        'Quadratic equations',
        'Solve quadratics by factorising, completing the square and the formula.',
        1500,
      ],
      ['Trigonometry', 'Use sine, cosine and tangent, and the sine and cosine rules.', 1500],
      ['Vectors', 'Add, subtract and scale vectors and use them in geometric proofs.', 1800],
      ['Probability', 'Use tree diagrams and Venn diagrams for combined events.', 1400],
    ],
  },
  {
    name: 'IGCSE Year 10 Computer Science',
    curriculum: 'igcse',
    grade: 'igcse-year-10',
    subject: 'computer-science',
    teacher: 'david.kariuki@example.com',
    topics: [
      ['Algorithms and pseudocode', 'Write and trace pseudocode with loops, selection and arrays.', 2000],
      ['Data representation', 'Convert between binary, denary and hexadecimal; explain file sizes.', 1600],
      ['Programming in Python', 'Write a small program with functions, lists and input validation.', 2200],
      ['Networks and the internet', 'Explain IP addresses, packets, protocols and common threats.', 1700],
    ],
  },
];

const LESSON_TYPES_CYCLE = ['public', 'group', 'public', 'private'] as const;
const SEATS = { public: 30, group: 12, private: 1 } as const;

/** ~30 approved lessons over the next four weeks, after school in Nairobi (16:00 or 17:30 EAT). */
async function seedLessons(db: Database, now = new Date()): Promise<void> {
  const [existing] = await db.select({ id: lessons.id }).from(lessons).limit(1);
  if (existing) return;
  const diary = await TeacherDiary.of(db, learningLessonTimes(now));
  const teacherIds = new Map<string, number>();
  for (const email of ['teacher@example.com', ...MORE_TEACHERS.map((teacher) => teacher.email)]) {
    const [row] = await db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.email, email));
    if (row) teacherIds.set(email, row.id);
  }
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  let index = 0;
  for (const program of PROGRAMS) {
    const [curriculum] = await db.select().from(curricula).where(eq(curricula.slug, program.curriculum));
    const [grade] = await db.select().from(gradeLevels).where(eq(gradeLevels.slug, program.grade));
    const [subject] = await db.select().from(subjects).where(eq(subjects.slug, program.subject));
    const teacherId = teacherIds.get(program.teacher);
    if (!curriculum || !grade || !subject || !teacherId)
      throw new Error(`Program ${program.name} is missing data`);
    const programSlug = slugOf(program.name);
    await db
      .insert(programs)
      .values({
        name: program.name,
        slug: programSlug,
        curriculumId: curriculum.id,
        gradeLevelId: grade.id,
        subjectId: subject.id,
      })
      .onConflictDoNothing();
    const [programRow] = await db.select().from(programs).where(eq(programs.slug, programSlug));
    for (const [topicName, objective, priceKes] of program.topics) {
      const topicSlug = `${program.grade}-${slugOf(topicName)}`;
      await db
        .insert(topics)
        .values({ name: topicName, slug: topicSlug, subjectId: subject.id, gradeLevelId: grade.id })
        .onConflictDoNothing();
      const [topic] = await db.select().from(topics).where(eq(topics.slug, topicSlug));
      index += 1;
      const day = 1 + ((index * 5) % 27);
      // 13:00 or 14:30 UTC = 16:00 or 17:30 in Nairobi.
      const minutes = priceKes >= 2000 ? 90 : 60;
      const startAt = diary.book(
        program.teacher,
        new Date(today.getTime() + day * 86_400_000 + (index % 2 ? 13 * 60 : 14.5 * 60) * 60_000),
        minutes,
      );
      const code = `SOM-${String(index).padStart(4, '0')}`;
      const type = LESSON_TYPES_CYCLE[index % LESSON_TYPES_CYCLE.length] ?? 'public';
      await db
        .insert(lessons)
        .values({
          code,
          teacherId,
          topicId: topic?.id ?? null,
          programId: programRow?.id ?? null,
          type,
          objective,
          priceCents: priceKes * 100,
          startAt,
          endAt: new Date(startAt.getTime() + minutes * 60_000),
          isApproved: true,
          // A private lesson is one learner's (SPEC), a group a small class, a public one a crowd.
          capacity: SEATS[type],
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * What each plan gives, and nothing else (issue 24): checkout applies these numbers
 * (server/services/plan-entitlements.ts), and the features shown on /plans are worded from them.
 */
const PLANS = [
  {
    name: 'Basic',
    slug: 'basic',
    priceCents: 100_000,
    interval: 'month',
    duration: 1,
    durationUnit: 'month' as const,
    recommended: false,
    includedLessons: 2,
    lessonCapCents: 60_000,
    discountPercent: 10,
  },
  {
    name: 'Standard',
    slug: 'standard',
    priceCents: 250_000,
    interval: 'month',
    duration: 1,
    durationUnit: 'month' as const,
    recommended: true,
    includedLessons: 4,
    lessonCapCents: 100_000,
    discountPercent: 15,
  },
  {
    name: 'Premium',
    slug: 'premium',
    priceCents: 600_000,
    interval: 'quarter',
    duration: 3,
    durationUnit: 'month' as const,
    recommended: false,
    includedLessons: 6,
    lessonCapCents: 160_000,
    discountPercent: 20,
  },
];

type SeedPlan = (typeof PLANS)[number];

const FEATURES: Array<[name: string, value: (plan: SeedPlan) => string]> = [
  ['Lessons included each month', (plan) => String(plan.includedLessons)],
  ['Price of an included lesson', (plan) => `Up to ${formatKes(plan.lessonCapCents / 100)}`],
  ['Off every other lesson', (plan) => `${plan.discountPercent}%`],
];

async function seedPlans(db: Database): Promise<void> {
  await db
    .insert(packages)
    .values(PLANS.map((plan, position) => ({ ...plan, position })))
    .onConflictDoNothing();
  await db
    .insert(packageFeatures)
    .values(FEATURES.map(([name], position) => ({ name, slug: slugOf(name), position })))
    .onConflictDoNothing();
  const planRows = await db.select().from(packages);
  const featureRows = await db.select().from(packageFeatures);
  const values = FEATURES.flatMap(([name, valueOf]) =>
    PLANS.flatMap((plan) => {
      const packageId = planRows.find((row) => row.slug === plan.slug)?.id;
      const featureId = featureRows.find((row) => row.slug === slugOf(name))?.id;
      const value = valueOf(plan);
      return packageId && featureId ? [{ packageId, featureId, value, displayValue: value }] : [];
    }),
  );
  await db.insert(packageFeatureValues).values(values).onConflictDoNothing();
}

export type SeedOptions = {
  /** Where the seeded lesson files go; without it the file rows are made but no bytes are stored. */
  storage?: FileStorage;
  /** Lesson dates are relative to this (default: now). */
  now?: Date;
};

export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  await seedCatalogue(db);
  await seedAccounts(db);
  await seedTeachers(db);
  await seedLessons(db, options.now);
  await seedPlans(db);
  // One hash for every new demo account of the later seeds: scrypt is slow on purpose.
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  await seedPublicCatalogue(db, passwordHash, options.now);
  // The demo learners' bookings, notes and files, reminders, feed and bell (issue 9).
  await seedLearning(db, options);
  // Orders behind those bookings, the demo teacher's lessons in every state, a pending teacher (issue 10).
  await seedTeaching(db, { passwordHash, now: options.now });
  // Each approved teacher's lessons of past months with the catalogue's learners (issue 25), no money.
  await seedReviewLessons(db, options.now);
  // Who came to the lessons that have ended, so pay follows delivery from the start (issue 22).
  await seedAttendance(db, options.now);
  // The demo student's and parent's conversations with demo teachers (issue 25).
  await seedMessages(db, options.now);
  // Reviews by the learners those lessons made eligible, some with the teacher's reply (issue 25).
  await seedReviews(db, options.now);
}

/** main.ts seeds only an empty database, so a restarted server never touches live data. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return !row;
}
