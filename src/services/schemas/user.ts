// The signed-in user and its nested role profiles (docs/api.md "User resource").
import { array, boolean, defaulted, number, string, type, type Infer } from 'superstruct';
import { CurriculumStruct, EducationLevelStruct, GradeLevelStruct, SubjectStruct } from './catalogue';
import { decodeWith, id, isoDate, maybe, oneOf } from './common';
import { WalletStruct, toWallet, type Wallet } from './wallet';
import { TEACHER_STATUSES } from '@/shared/teacher-standing';

export const ROLE_NAMES = ['student', 'teacher', 'parent', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
/** The roles a profile belongs to; admin is never a main role (SPEC §6). */
export const MAIN_ROLES = ['student', 'teacher', 'parent'] as const;
export type MainRole = (typeof MAIN_ROLES)[number];

// The statuses and what they mean for completion are one shared rule (src/shared/teacher-standing.ts).
export { TEACHER_STATUSES, type TeacherStatus } from '@/shared/teacher-standing';

export const RoleStruct = type({ id, name: string() });
export type Role = Infer<typeof RoleStruct>;

/** The few user fields nested under a child or a teacher. */
export const PersonStruct = type({
  id,
  username: maybe(string()),
  firstName: maybe(string()),
  lastName: maybe(string()),
  gender: maybe(string()),
  dob: isoDate,
});
export type Person = Infer<typeof PersonStruct>;

export const StudentStruct = type({
  id,
  studentNo: maybe(string()),
  schoolName: maybe(string()),
  studyMode: maybe(string()),
  curriculumId: maybe(id),
  eduLevelId: maybe(id),
  gradeLevelId: maybe(id),
  profileCompleted: maybe(boolean()),
  curriculum: maybe(CurriculumStruct),
  eduLevel: maybe(EducationLevelStruct),
  gradeLevel: maybe(GradeLevelStruct),
  user: maybe(PersonStruct),
});
export type Student = Infer<typeof StudentStruct>;

export const ParentStruct = type({
  id,
  profileCompleted: maybe(boolean()),
  studentsCount: maybe(number()),
  students: defaulted(array(StudentStruct), []),
  user: maybe(PersonStruct),
});
export type Parent = Infer<typeof ParentStruct>;

export const TeacherStruct = type({
  id,
  biography: maybe(string()),
  currentWorkplace: maybe(string()),
  qualificationLevel: maybe(string()),
  // An unknown status reads as null rather than failing the whole user.
  status: oneOf(TEACHER_STATUSES),
  remark: maybe(string()),
  curriculumId: maybe(id),
  eduLevelId: maybe(id),
  curriculum: maybe(CurriculumStruct),
  eduLevel: maybe(EducationLevelStruct),
  subjects: defaulted(array(SubjectStruct), []),
  hasIdNumber: defaulted(boolean(), false),
  hasTscNumber: defaulted(boolean(), false),
  photo: maybe(string()),
  user: maybe(PersonStruct),
});
export type Teacher = Infer<typeof TeacherStruct>;

export const UserStruct = type({
  id,
  username: maybe(string()),
  firstName: maybe(string()),
  lastName: maybe(string()),
  email: maybe(string()),
  phone: maybe(string()),
  /** Issue 26: SMS goes only to a verified number (absent from older answers: not verified). */
  phoneVerified: defaulted(boolean(), false),
  status: maybe(string()),
  gender: maybe(string()),
  dob: isoDate,
  photo: maybe(string()),
  displayPhotoUrl: maybe(string()),
  roles: defaulted(array(RoleStruct), []),
  teacher: maybe(TeacherStruct),
  student: maybe(StudentStruct),
  parent: maybe(ParentStruct),
  wallet: maybe(WalletStruct),
  answersCount: maybe(number()),
});
type UserWire = Infer<typeof UserStruct>;

export type User = Omit<UserWire, 'displayPhotoUrl' | 'wallet'> & {
  photoUrl: string | null;
  mainRole: MainRole | null;
  wallet: Wallet | null;
};

export function mainRoleOf(roles: readonly Role[]): MainRole | null {
  const found = roles.find((role) => (MAIN_ROLES as readonly string[]).includes(role.name));
  return found ? (found.name as MainRole) : null;
}

export function decodeUser(raw: unknown): User {
  const { displayPhotoUrl, wallet, ...rest } = decodeWith(UserStruct, raw);
  return {
    ...rest,
    photoUrl: displayPhotoUrl,
    mainRole: mainRoleOf(rest.roles),
    wallet: wallet ? toWallet(wallet) : null,
  };
}

export const decodeStudent = (raw: unknown): Student => decodeWith(StudentStruct, raw);
export const decodeParent = (raw: unknown): Parent => decodeWith(ParentStruct, raw);
export const decodeTeacher = (raw: unknown): Teacher => decodeWith(TeacherStruct, raw);
