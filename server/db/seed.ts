// Idempotent seed: the Kenyan curriculum catalogue and the demo accounts (keyed on slugs and
// e-mails, so running it twice changes nothing).
import { eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import {
  curricula,
  educationLevels,
  gradeLevelSubjects,
  gradeLevels,
  parents,
  roles,
  students,
  subjects,
  teacherSubjects,
  teachers,
  users,
  wallets,
} from './schema';
import { createAccount, type NewAccount } from '../services/account-service';
import { hashSecret } from '../security/password';

export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_WALLET_PIN = '1234';

const slugify = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

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
    .values(SUBJECTS.map(([name, color]) => ({ name, color, slug: slugify(name) })))
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
      const levelSlug = `${curriculum.slug}-${slugify(level.name)}`;
      await db
        .insert(educationLevels)
        .values({ curriculumId: curriculumRow.id, name: level.name, slug: levelSlug, position: levelIndex })
        .onConflictDoNothing();
      const [levelRow] = await db.select().from(educationLevels).where(eq(educationLevels.slug, levelSlug));
      if (!levelRow) throw new Error(`Education level ${levelSlug} missing`);

      const gradeSlugs = level.grades.map((grade) => `${curriculum.slug}-${slugify(grade)}`);
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
      await tx
        .update(students)
        .set({
          ...grade7,
          schoolName: 'Kilimani Junior School, Nairobi',
          studyMode: 'day_scholar',
          profileCompleted: true,
        })
        .where(eq(students.id, profileId));
      // KES 10,000 and PIN 1234: the checkout demo pays from this wallet.
      await tx.update(wallets).set({ balanceCents: 1_000_000, pinHash }).where(eq(wallets.userId, userId));
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
          placement: grade4,
          schoolName: 'Riara Springs Primary School, Nairobi',
          studyMode: 'day_scholar' as const,
        },
        {
          firstName: 'Baraka',
          lastName: 'Otieno',
          username: 'baraka.otieno',
          gender: 'male' as const,
          dob: '2011-09-21',
          placement: year10,
          schoolName: 'Brookhouse School, Karen',
          studyMode: 'boarding' as const,
        },
      ];
      for (const child of children) {
        const { profileId: studentId } = await createAccount(tx, {
          firstName: child.firstName,
          lastName: child.lastName,
          username: child.username,
          email: null,
          phone: null,
          passwordHash: null,
          status: 'active',
          role: 'student',
          gender: child.gender,
          dob: child.dob,
        });
        if (!studentId) throw new Error('Child profile missing');
        await tx
          .update(students)
          .set({
            ...child.placement,
            parentId: profileId,
            schoolName: child.schoolName,
            studyMode: child.studyMode,
            profileCompleted: true,
          })
          .where(eq(students.id, studentId));
      }
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
    async (tx, { profileId }) => {
      if (!profileId) throw new Error('Teacher profile missing');
      const senior = await gradeBySlug(tx, 'cbc-grade-10');
      await tx
        .update(teachers)
        .set({
          status: 'approved',
          biography:
            'Mathematics and Physics teacher with eleven years in Kenyan secondary schools. I help learners build confidence through worked examples, past papers and short weekly checks, and I prepare candidates for KCSE and the new CBC senior school assessments.',
          currentWorkplace: 'Alliance Girls High School, Kikuyu',
          qualificationLevel: 'Masters',
          curriculumId: senior.curriculumId,
          eduLevelId: senior.eduLevelId,
          idNumber: '28765432',
          tscNumber: '456789',
        })
        .where(eq(teachers.id, profileId));
      const picked = await tx
        .select()
        .from(subjects)
        .where(inArray(subjects.slug, ['mathematics', 'physics', 'computer-science']));
      await tx
        .insert(teacherSubjects)
        .values(picked.map((subject) => ({ teacherId: profileId, subjectId: subject.id })));
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

export async function seed(db: Database): Promise<void> {
  await seedCatalogue(db);
  await seedAccounts(db);
}

/** main.ts seeds only an empty database, so a restarted server never touches live data. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return !row;
}
