// Client checks for the completion forms: the shared rules the API runs too (src/shared/profile-validation.ts).
export {
  validateChild,
  validateParent,
  validateStudentFields,
  validateTeacher,
  type TeacherFormValues,
} from '@/shared/profile-validation';
