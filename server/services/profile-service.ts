// Profile completion for students, parents (with children) and teachers.
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { bookings, lessons, parents, students, teacherSubjects, teachers, users } from '../db/schema';
import { HttpError, notFound, throwIfInvalid, ValidationError } from '../http/errors';
import { t } from '../../src/shared/messages';
import { childrenProblem, teacherStanding, validateTeacher } from '../../src/shared/profile-validation';
import type { FieldErrors } from '../../src/shared/validation';
import { createAccount } from './account-service';
import { existingSubjectIds, placementErrors } from './catalogue-service';
import { isUniqueViolation } from './payments/settlement';
import { loadChildren, loadStudentSelf, type ChildDetails } from './user-service';
import { phoneVerifiedAtAfterSetting } from './phone-service';

type Gender = 'male' | 'female' | 'other';
type StudyMode = 'boarding' | 'day_scholar';

export type StudentProfile = {
  schoolName: string;
  studyMode: StudyMode;
  curriculumId: number | null;
  eduLevelId: number | null;
  gradeLevelId: number | null;
  dob: string;
  gender: Gender;
};

/** A student's school and placement, as completing the profile, adding and editing a child store them. */
async function studentIdOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  if (!row) throw notFound();
  return row.id;
}

async function parentIdOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ id: parents.id }).from(parents).where(eq(parents.userId, userId));
  if (!row) throw notFound();
  return row.id;
}

/** Where a learner studies: school, boarding or day, curriculum, level and grade. */
export type Schooling = {
  schoolName: string | null;
  studyMode: StudyMode;
  curriculumId: number | null;
  eduLevelId: number | null;
  gradeLevelId: number | null;
};

/**
 * Writes a learner's schooling, which completes the student profile (the learner's own form, a
 * parent's child, the demo learners of the seeds); checking it is the caller's (`placementErrors`).
 */
export async function saveSchooling(db: Database, studentId: number, schooling: Schooling): Promise<void> {
  await db
    .update(students)
    .set({
      schoolName: schooling.schoolName,
      studyMode: schooling.studyMode,
      curriculumId: schooling.curriculumId,
      eduLevelId: schooling.eduLevelId,
      gradeLevelId: schooling.gradeLevelId,
      profileCompleted: true,
      updatedAt: new Date(),
    })
    .where(eq(students.id, studentId));
}

export async function completeStudentProfile(
  ctx: AppContext,
  userId: number,
  profile: StudentProfile,
): Promise<void> {
  throwIfInvalid(await placementErrors(ctx.db, profile, true));
  const studentId = await studentIdOf(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    await saveSchooling(tx, studentId, profile);
    await tx
      .update(users)
      .set({ dob: profile.dob, gender: profile.gender, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

export type Child = StudentProfile & { firstName: string; lastName: string };

async function freeUsername(db: Database, firstName: string, lastName: string): Promise<string> {
  const stem =
    `${firstName}.${lastName}`
      .toLowerCase()
      .replace(/[^a-z0-9.]/g, '')
      .slice(0, 20) || 'student';
  for (;;) {
    const candidate = `${stem}${Math.floor(1000 + Math.random() * 9000)}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
    if (!taken) return candidate;
  }
}

/**
 * A parent's child: a learner account of its own, without e-mail or password, and its schooling.
 * Returns the student id. Checking the placement and choosing a free username are the caller's.
 */
export async function createChildAccount(
  db: Database,
  parentId: number,
  child: Omit<Child, 'schoolName'> & Schooling & { username: string },
): Promise<number> {
  const { profileId } = await createAccount(db, {
    firstName: child.firstName,
    lastName: child.lastName,
    username: child.username,
    email: null,
    phone: null,
    passwordHash: null,
    // Active so the parent can book for the child; without e-mail or password nobody can sign in as it.
    status: 'active',
    role: 'student',
    gender: child.gender,
    dob: child.dob,
  });
  if (!profileId) throw new Error('Student profile missing');
  await db.update(students).set({ parentId }).where(eq(students.id, profileId));
  await saveSchooling(db, profileId, child);
  return profileId;
}

export async function addChild(ctx: AppContext, parentUserId: number, child: Child): Promise<ChildDetails> {
  throwIfInvalid(await placementErrors(ctx.db, child, true));
  const parentId = await parentIdOf(ctx.db, parentUserId);
  const username = await freeUsername(ctx.db, child.firstName, child.lastName);
  const studentId = await ctx.db.transaction((tx) =>
    createChildAccount(tx, parentId, { ...child, username }),
  );
  const children = await loadChildren(ctx.db, parentId);
  const created = children.find((row) => row.id === studentId);
  if (!created) throw notFound();
  return created;
}

export async function childrenOf(ctx: AppContext, parentUserId: number): Promise<ChildDetails[]> {
  return loadChildren(ctx.db, await parentIdOf(ctx.db, parentUserId));
}

/** The parent's own child (by student id), else 404: another parent's child is invisible. */
async function ownChild(db: Database, parentId: number, studentId: number, { lock = false } = {}) {
  const query = db
    .select({ id: students.id, userId: students.userId, firstName: users.firstName })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.id, studentId), eq(students.parentId, parentId)));
  // Locked while removing: a payment booking a lesson for the child (its foreign key check) waits.
  const [row] = await (lock ? query.for('update', { of: students }) : query);
  if (!row) throw notFound();
  return row;
}

export type ParentProfileData = {
  id: number;
  profileCompleted: boolean;
  students: ChildDetails[];
};

export async function parentProfileData(ctx: AppContext, parentUserId: number): Promise<ParentProfileData> {
  const [parent] = await ctx.db.select().from(parents).where(eq(parents.userId, parentUserId));
  if (!parent) throw notFound();
  return {
    id: parent.id,
    profileCompleted: parent.profileCompleted,
    students: await loadChildren(ctx.db, parent.id),
  };
}

/** The signed-in student's own profile; 404 for an account without a student profile. */
export async function studentProfileData(ctx: AppContext, userId: number): Promise<ChildDetails> {
  const self = await loadStudentSelf(ctx.db, userId);
  if (!self) throw notFound();
  return self;
}

export async function updateChild(
  ctx: AppContext,
  parentUserId: number,
  studentId: number,
  child: Child,
): Promise<ChildDetails> {
  const parentId = await parentIdOf(ctx.db, parentUserId);
  const found = await ownChild(ctx.db, parentId, studentId);
  throwIfInvalid(await placementErrors(ctx.db, child, true));
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: child.firstName,
        lastName: child.lastName,
        gender: child.gender,
        dob: child.dob,
        updatedAt: new Date(),
      })
      .where(eq(users.id, found.userId));
    await saveSchooling(tx, studentId, child);
  });
  const updated = (await loadChildren(ctx.db, parentId)).find((row) => row.id === studentId);
  if (!updated) throw notFound();
  return updated;
}

/**
 * Deletes the child's user (its student profile, wallet and bookings go with it by cascade; orders
 * and transactions keep their rows with the child unset). Refused while a booked lesson has not ended.
 */
export async function removeChild(ctx: AppContext, parentUserId: number, studentId: number): Promise<string> {
  const parentId = await parentIdOf(ctx.db, parentUserId);
  return ctx.db.transaction(async (tx) => {
    const found = await ownChild(tx, parentId, studentId, { lock: true });
    const [upcoming] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
      .where(and(eq(bookings.studentId, studentId), gt(lessons.endAt, new Date())))
      .limit(1);
    if (upcoming) throw new HttpError(409, t('children.hasUpcomingLessons', { name: found.firstName }));
    await tx.delete(users).where(eq(users.id, found.userId));
    return found.firstName;
  });
}

export async function completeParentProfile(
  ctx: AppContext,
  userId: number,
  input: { phone: string; gender: Gender },
): Promise<void> {
  const parentId = await parentIdOf(ctx.db, userId);
  const [child] = await ctx.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.parentId, parentId))
    .limit(1);
  const problem = childrenProblem(child ? 1 : 0);
  if (problem) throw ValidationError.field('children', problem);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        phone: input.phone,
        phoneVerifiedAt: phoneVerifiedAtAfterSetting(input.phone),
        gender: input.gender,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx
      .update(parents)
      .set({ profileCompleted: true, updatedAt: new Date() })
      .where(eq(parents.id, parentId));
  });
}

export type TeacherProfile = {
  biography: string;
  currentWorkplace: string;
  qualificationLevel: 'PHD' | 'Masters' | 'Degree' | 'Diploma' | 'Certificate';
  curriculumId: number | null;
  eduLevelId: number | null;
  subjectIds: number[];
  /** null keeps the number already on file (it is never sent back to the form). */
  idNumber: string | null;
  tscNumber: string | null;
};

export async function updateTeacherProfile(
  ctx: AppContext,
  userId: number,
  profile: TeacherProfile,
): Promise<void> {
  const [teacher] = await ctx.db.select().from(teachers).where(eq(teachers.userId, userId));
  if (!teacher) throw notFound();
  const errors: FieldErrors = await placementErrors(ctx.db, profile, false);
  const known = await existingSubjectIds(ctx.db, profile.subjectIds);
  if (profile.subjectIds.some((subjectId) => !known.has(subjectId)))
    errors.subject_ids = [t('validation.choice')];
  if (!profile.idNumber && !teacher.idNumber) errors.id_number = [t('validation.required')];
  if (profile.idNumber && (await idNumberTaken(ctx.db, teacher.id, profile.idNumber)))
    errors.id_number = [t('teach.idNumberTaken')];
  throwIfInvalid(errors);
  try {
    await ctx.db.transaction((tx) => saveTeacherProfile(tx, teacher.id, profile));
  } catch (error) {
    // Two teachers saving one number at once: the unique index decides, with the same 422.
    if (isUniqueViolation(error)) throw ValidationError.field('id_number', t('teach.idNumberTaken'));
    throw error;
  }
}

/** Whether another teacher has this national ID or passport number (letters' case aside). */
async function idNumberTaken(db: Database, teacherId: number, idNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(sql`upper(${teachers.idNumber}) = upper(${idNumber})`, ne(teachers.id, teacherId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Writes a teacher's profile and replaces their subjects (the teacher's own form, the demo teachers
 * of the seeds); checking it is the caller's. The status is left as it is.
 */
export async function saveTeacherProfile(
  db: Database,
  teacherId: number,
  profile: TeacherProfile,
): Promise<void> {
  await db
    .update(teachers)
    .set({
      biography: profile.biography,
      currentWorkplace: profile.currentWorkplace,
      qualificationLevel: profile.qualificationLevel,
      curriculumId: profile.curriculumId,
      eduLevelId: profile.eduLevelId,
      ...(profile.idNumber ? { idNumber: profile.idNumber } : {}),
      ...(profile.tscNumber ? { tscNumber: profile.tscNumber } : {}),
      updatedAt: new Date(),
    })
    .where(eq(teachers.id, teacherId));
  await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, teacherId));
  await db.insert(teacherSubjects).values(profile.subjectIds.map((subjectId) => ({ teacherId, subjectId })));
}

/** The shared rules' camelCase fields as the wire's snake_case keys. */
const snakeCaseKeys = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([key, list]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), list]),
  );

/** new/declined → pending, once every field the approval needs is on file. */
export async function submitTeacherProfile(
  ctx: { db: Database },
  userId: number,
  submittedAt = new Date(),
): Promise<void> {
  const [teacher] = await ctx.db.select().from(teachers).where(eq(teachers.userId, userId));
  if (!teacher) throw notFound();
  const standing = teacherStanding(teacher.status);
  if (standing === 'approved') throw new HttpError(409, t('profile.alreadyApproved'));
  if (standing === 'waiting') return;
  const [subject] = await ctx.db
    .select({ id: teacherSubjects.subjectId })
    .from(teacherSubjects)
    .where(eq(teacherSubjects.teacherId, teacher.id))
    .limit(1);
  // What is missing, by the form's own rules (the stored numbers are never read back, only their presence).
  const missing = validateTeacher(
    {
      biography: teacher.biography ?? '',
      currentWorkplace: teacher.currentWorkplace ?? '',
      qualificationLevel: teacher.qualificationLevel ?? '',
      curriculumId: teacher.curriculumId,
      eduLevelId: teacher.eduLevelId,
      subjectIds: subject ? [subject.id] : [],
      idNumber: '',
      tscNumber: '',
    },
    Boolean(teacher.idNumber),
  );
  throwIfInvalid(snakeCaseKeys(missing));
  await ctx.db
    .update(teachers)
    // submitted_at orders the admins' approval queue (oldest first); reviewed_at is the last decision.
    .set({ status: 'pending', remark: null, submittedAt, updatedAt: new Date() })
    .where(eq(teachers.id, teacher.id));
}
