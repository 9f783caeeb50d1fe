// Loads a user with everything the User resource nests (roles, profile, children, wallet).
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  curricula,
  educationLevels,
  gradeLevels,
  parents,
  roles,
  students,
  subjects,
  teacherSubjects,
  teachers,
  userRoles,
  users,
  wallets,
} from '../db/schema';
import { notFound } from '../http/errors';

export type UserRow = typeof users.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type Placement = {
  curriculum: typeof curricula.$inferSelect | null;
  eduLevel: typeof educationLevels.$inferSelect | null;
  gradeLevel: typeof gradeLevels.$inferSelect | null;
};
export type StudentDetails = StudentRow & Placement;
export type ChildDetails = StudentDetails & { user: UserRow };
export type TeacherDetails = typeof teachers.$inferSelect &
  Omit<Placement, 'gradeLevel'> & { subjects: Array<typeof subjects.$inferSelect> };
export type UserAggregate = {
  user: UserRow;
  roles: Array<typeof roles.$inferSelect>;
  student: StudentDetails | null;
  parent: (typeof parents.$inferSelect & { students: ChildDetails[] }) | null;
  teacher: TeacherDetails | null;
  wallet: typeof wallets.$inferSelect | null;
};

async function withPlacements<T extends StudentRow>(db: Database, rows: T[]): Promise<Array<T & Placement>> {
  const ids = (pick: (row: T) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
  ];
  const curriculumIds = ids((row) => row.curriculumId);
  const eduLevelIds = ids((row) => row.eduLevelId);
  const gradeLevelIds = ids((row) => row.gradeLevelId);
  const [curriculumRows, levelRows, gradeRows] = await Promise.all([
    curriculumIds.length ? db.select().from(curricula).where(inArray(curricula.id, curriculumIds)) : [],
    eduLevelIds.length
      ? db.select().from(educationLevels).where(inArray(educationLevels.id, eduLevelIds))
      : [],
    gradeLevelIds.length ? db.select().from(gradeLevels).where(inArray(gradeLevels.id, gradeLevelIds)) : [],
  ]);
  return rows.map((row) => ({
    ...row,
    curriculum: curriculumRows.find((c) => c.id === row.curriculumId) ?? null,
    eduLevel: levelRows.find((l) => l.id === row.eduLevelId) ?? null,
    gradeLevel: gradeRows.find((g) => g.id === row.gradeLevelId) ?? null,
  }));
}

export async function loadChildren(db: Database, parentId: number): Promise<ChildDetails[]> {
  const rows = await db
    .select({ student: students, user: users })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.parentId, parentId))
    .orderBy(asc(students.id));
  return withPlacements(
    db,
    rows.map((row) => ({ ...row.student, user: row.user })),
  );
}

/** A student's own profile, placed as a parent's child is (`GET /api/student/profile-data`). */
export async function loadStudentSelf(db: Database, userId: number): Promise<ChildDetails | null> {
  const rows = await db
    .select({ student: students, user: users })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.userId, userId));
  const [self] = await withPlacements(
    db,
    rows.map((row) => ({ ...row.student, user: row.user })),
  );
  return self ?? null;
}

async function loadTeacher(db: Database, userId: number): Promise<TeacherDetails | null> {
  const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, userId));
  if (!teacher) return null;
  const [subjectRows, curriculumRows, levelRows] = await Promise.all([
    db
      .select({ subject: subjects })
      .from(teacherSubjects)
      .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
      .where(eq(teacherSubjects.teacherId, teacher.id))
      .orderBy(asc(subjects.name)),
    teacher.curriculumId ? db.select().from(curricula).where(eq(curricula.id, teacher.curriculumId)) : [],
    teacher.eduLevelId
      ? db.select().from(educationLevels).where(eq(educationLevels.id, teacher.eduLevelId))
      : [],
  ]);
  return {
    ...teacher,
    curriculum: curriculumRows[0] ?? null,
    eduLevel: levelRows[0] ?? null,
    subjects: subjectRows.map((row) => row.subject),
  };
}

export async function loadUser(db: Database, userId: number): Promise<UserAggregate> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const [roleRows, studentRows, parentRows, teacher, walletRows] = await Promise.all([
    db
      .select({ role: roles })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(roles.id)),
    db.select().from(students).where(eq(students.userId, userId)),
    db.select().from(parents).where(eq(parents.userId, userId)),
    loadTeacher(db, userId),
    db.select().from(wallets).where(eq(wallets.userId, userId)),
  ]);
  const [student] = await withPlacements(db, studentRows);
  const parent = parentRows[0];
  return {
    user,
    roles: roleRows.map((row) => row.role),
    student: student ?? null,
    parent: parent ? { ...parent, students: await loadChildren(db, parent.id) } : null,
    teacher,
    wallet: walletRows[0] ?? null,
  };
}
