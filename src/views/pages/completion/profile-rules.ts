// Client checks for the completion forms, composed from the shared rules (same wording as the API).
// The API stays the authority; these only spare a round trip.
import { t } from '@/shared/messages';
import {
  collect,
  dobProblem,
  genderProblem,
  isBlank,
  phoneProblem,
  STUDENT_MIN_AGE,
  STUDY_MODES,
  TEACHER_SUBJECTS_MAX,
  TEACHER_SUBJECTS_MIN,
  type FieldErrors,
} from '@/shared/validation';
import type { StudentFieldValues } from '../../components/student-fields';

const required = (value: unknown) => (isBlank(value) ? t('validation.required') : null);

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

export function validateChild(v: StudentFieldValues & { firstName: string; lastName: string }): FieldErrors {
  return { ...collect({ firstName: required(v.firstName), lastName: required(v.lastName) }), ...validateStudentFields(v) };
}

export function validateParent(v: { phone: string; gender: string }): FieldErrors {
  return collect({ phone: phoneProblem(v.phone), gender: genderProblem(v.gender) });
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

export function validateTeacher(v: TeacherFormValues, hasIdNumber: boolean, hasTscNumber: boolean): FieldErrors {
  const count = v.subjectIds.length;
  return collect({
    biography: required(v.biography),
    currentWorkplace: required(v.currentWorkplace),
    qualificationLevel: required(v.qualificationLevel),
    curriculumId: required(v.curriculumId),
    eduLevelId: required(v.eduLevelId),
    subjectIds:
      count < TEACHER_SUBJECTS_MIN
        ? t('validation.subjectsMin', { no: TEACHER_SUBJECTS_MIN })
        : count > TEACHER_SUBJECTS_MAX
          ? t('validation.subjectsMax', { no: TEACHER_SUBJECTS_MAX })
          : null,
    // The server never sends these numbers back; once stored, leaving them blank keeps them.
    idNumber: hasIdNumber ? null : required(v.idNumber),
    tscNumber: hasTscNumber ? null : required(v.tscNumber),
  });
}
