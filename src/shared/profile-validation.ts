// The profile completion rules (SPEC §5, docs/api.md): which fields a student, a parent's child, a
// parent and a teacher must fill in, and the checks the API and the forms share. The forms run them
// before a round trip; the profile routes and services run the same functions, so a 422 and the
// form's own message are the same words. The API stays the authority for what only it can see
// (a grade from another curriculum, whether children exist).
import { t } from './messages';
import { plural } from './plural';
import {
  collect,
  dobProblem,
  genderProblem,
  isBlank,
  PARENT_MIN_AGE,
  phoneProblem,
  STUDENT_MIN_AGE,
  STUDY_MODES,
  TEACHER_SUBJECTS_MAX,
  TEACHER_SUBJECTS_MIN,
  USERNAME_PATTERN,
  validateNewPassword,
  type FieldErrors,
} from './validation';

const required = (value: unknown) => (isBlank(value) ? t('validation.required') : null);

/** A student's own profile, and the same fields of a child a parent adds. */
export type StudentFieldValues = {
  schoolName: string;
  studyMode: string;
  curriculumId: number | null;
  eduLevelId: number | null;
  gradeLevelId: number | null;
  dob: string;
  gender: string;
};

export type ChildValues = StudentFieldValues & { firstName: string; lastName: string };

export const EMPTY_STUDENT_FIELDS: StudentFieldValues = {
  schoolName: '',
  studyMode: '',
  curriculumId: null,
  eduLevelId: null,
  gradeLevelId: null,
  dob: '',
  gender: '',
};

export const EMPTY_CHILD: ChildValues = { firstName: '', lastName: '', ...EMPTY_STUDENT_FIELDS };

export function validateStudentFields(v: StudentFieldValues): FieldErrors {
  return collect({
    schoolName: required(v.schoolName),
    studyMode: (STUDY_MODES as readonly string[]).includes(v.studyMode) ? null : t('validation.choice'),
    curriculumId: required(v.curriculumId),
    eduLevelId: required(v.eduLevelId),
    gradeLevelId: required(v.gradeLevelId),
    dob: dobProblem(v.dob, STUDENT_MIN_AGE),
    gender: genderProblem(v.gender),
  });
}

export function validateChild(v: ChildValues): FieldErrors {
  return {
    ...collect({ firstName: required(v.firstName), lastName: required(v.lastName) }),
    ...validateStudentFields(v),
  };
}

/** A parent completes the profile only with at least one child. */
export function childrenProblem(count: number): string | null {
  return count > 0 ? null : t('validation.childrenRequired');
}

/** The parent's details; `children` is how many children are on file (the list above the form). */
export function validateParent(v: {
  phone: string;
  gender: string;
  children?: readonly unknown[];
}): FieldErrors {
  return collect({
    phone: phoneProblem(v.phone),
    gender: genderProblem(v.gender),
    children: v.children ? childrenProblem(v.children.length) : null,
  });
}

/** How many different subjects a teacher teaches: TEACHER_SUBJECTS_MIN to TEACHER_SUBJECTS_MAX. */
export function teacherSubjectsProblem(count: number): string | null {
  if (count < TEACHER_SUBJECTS_MIN)
    return t('validation.subjectsMin', { subjects: plural(TEACHER_SUBJECTS_MIN, 'subject') });
  if (count > TEACHER_SUBJECTS_MAX)
    return t('validation.subjectsMax', { subjects: plural(TEACHER_SUBJECTS_MAX, 'subject') });
  return null;
}

/** A national ID (digits) or passport (letters and digits); blank is checked by the caller. */
export function idNumberProblem(value: string): string | null {
  return value && !/^[A-Za-z0-9]{6,12}$/.test(value) ? t('validation.idNumber') : null;
}

/** A TSC number (digits); blank is checked by the caller. */
export function tscNumberProblem(value: string): string | null {
  return value && !/^\d{4,10}$/.test(value) ? t('validation.tscNumber') : null;
}

export type TeacherFormValues = {
  biography: string;
  currentWorkplace: string;
  qualificationLevel: string;
  curriculumId: number | null;
  eduLevelId: number | null;
  subjectIds: number[];
  idNumber: string;
  tscNumber: string;
};

// Where a teacher stands: in teacher-standing.ts, which the route guard every page loads needs, so
// these form rules load with the forms only.
export {
  TEACHER_STATUSES,
  teacherStanding,
  type TeacherStanding,
  type TeacherStatus,
} from './teacher-standing';

export function validateTeacher(v: TeacherFormValues, hasIdNumber: boolean): FieldErrors {
  const idNumber = v.idNumber.trim();
  const tscNumber = v.tscNumber.trim();
  return collect({
    biography: required(v.biography),
    currentWorkplace: required(v.currentWorkplace),
    qualificationLevel: required(v.qualificationLevel),
    curriculumId: required(v.curriculumId),
    eduLevelId: required(v.eduLevelId),
    subjectIds: teacherSubjectsProblem(new Set(v.subjectIds).size),
    // The server never sends these numbers back; once stored, leaving them blank keeps them.
    idNumber: (hasIdNumber ? null : required(idNumber)) ?? idNumberProblem(idNumber),
    // Optional: private tutors have no TSC number (issue 24).
    tscNumber: tscNumberProblem(tscNumber),
  });
}

/** A signed-in user's own details on /profile-setting (the e-mail is not theirs to change). */
export type PersonalDetailsValues = {
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  gender: string;
  dob: string;
};

/** Students may be as young as the completion rule allows; everyone else signs up as an adult. */
export function validatePersonalDetails(v: PersonalDetailsValues, mainRole: string | null): FieldErrors {
  const minAge = mainRole === 'student' ? STUDENT_MIN_AGE : PARENT_MIN_AGE;
  return collect({
    firstName: required(v.firstName),
    lastName: required(v.lastName),
    username: USERNAME_PATTERN.test(v.username) ? null : t('validation.username'),
    phone: phoneProblem(v.phone),
    gender: genderProblem(v.gender),
    dob: isBlank(v.dob) ? null : dobProblem(v.dob, minAge),
  });
}

export type PasswordChangeValues = {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
};

export function validatePasswordChange(v: PasswordChangeValues): FieldErrors {
  return {
    ...collect({ currentPassword: required(v.currentPassword) }),
    ...validateNewPassword(v.password, v.passwordConfirmation),
  };
}
