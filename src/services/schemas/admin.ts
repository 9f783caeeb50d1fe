// The admin workspace's resources (docs/teaching-admin.md "Resources"): teachers waiting for review,
// lessons and classes to approve, payments held for review, users and catalogue rows.
import { array, defaulted, number, record, string, type, unknown, union, type Infer } from 'superstruct';
import { decodeWith, id, maybe, money, oneOf } from './common';
import { TEACHER_STATUSES, UserStruct } from './user';
import { TRANSACTION_STATUSES } from '@/shared/transactions';
import { AuditEntryStruct } from './withdrawal';

const Named = type({ id, name: string() });
export type NamedRef = Infer<typeof Named>;

export {
  ADMIN_TEACHER_FILTERS,
  APPROVAL_FILTERS,
  lessonTypeName,
  USER_ROLE_FILTERS,
  userSummaryName,
  type AdminTeacherFilter,
  type ApprovalFilter,
} from '@/shared/admin';

export const AdminTeacherStruct = type({
  id,
  status: oneOf(TEACHER_STATUSES),
  remark: maybe(string()),
  biography: maybe(string()),
  currentWorkplace: maybe(string()),
  qualificationLevel: maybe(string()),
  curriculum: maybe(Named),
  eduLevel: maybe(Named),
  subjects: defaulted(array(Named), []),
  idNumber: maybe(string()),
  tscNumber: maybe(string()),
  submittedAt: maybe(string()),
  reviewedAt: maybe(string()),
  user: maybe(
    type({
      id,
      name: maybe(string()),
      email: maybe(string()),
      phone: maybe(string()),
      photo: maybe(string()),
    }),
  ),
});
export type AdminTeacher = Infer<typeof AdminTeacherStruct>;

/** A teacher's vetting document (issue 24), downloaded from `url` (admins and its owner only). */
export const TeacherDocumentStruct = type({
  id,
  kind: string(),
  name: string(),
  size: maybe(number()),
  mimeType: maybe(string()),
  url: string(),
});
export type TeacherDocument = Infer<typeof TeacherDocumentStruct>;

export function decodeTeacherDocuments(raw: unknown): TeacherDocument[] {
  return decodeWith(type({ data: array(TeacherDocumentStruct) }), raw).data;
}

const TeacherRef = type({ id, name: maybe(string()) });

/** A lesson's `type` is `{name, color}` on the learner's Lesson and may be a plain name elsewhere. */
const LessonType = maybe(union([string(), type({ name: string() })]));

export const AdminLessonStruct = type({
  id,
  /** How many lessons of its series wait for a decision, itself included (issue 24). */
  seriesPending: maybe(number()),
  code: maybe(string()),
  price: maybe(money),
  objective: maybe(string()),
  startAt: maybe(string()),
  endAt: maybe(string()),
  status: oneOf(['pending', 'approved', 'rejected', 'cancelled'] as const),
  rejectionComment: maybe(string()),
  topic: maybe(type({ id, name: string() })),
  subject: maybe(Named),
  gradeLevel: maybe(Named),
  type: LessonType,
  teacher: maybe(TeacherRef),
});
export type AdminLesson = Infer<typeof AdminLessonStruct>;

export const AdminClassStruct = type({
  id,
  title: string(),
  description: maybe(string()),
  price: maybe(money),
  startsAt: maybe(string()),
  endsAt: maybe(string()),
  type: maybe(string()),
  frequency: maybe(string()),
  status: oneOf(['pending', 'approved', 'rejected'] as const),
  rejectionComment: maybe(string()),
  subject: maybe(Named),
  gradeLevel: maybe(Named),
  lessonsCount: maybe(id),
  teacher: maybe(TeacherRef),
});
export type AdminClass = Infer<typeof AdminClassStruct>;

export const ReviewTransactionStruct = type({
  id,
  type: maybe(string()),
  amount: maybe(money),
  reference: maybe(string()),
  status: oneOf(TRANSACTION_STATUSES),
  gateway: maybe(string()),
  gatewayReceipt: maybe(string()),
  paybillAccount: maybe(string()),
  // What the notification claimed and what the gateway itself confirmed.
  claimedAmount: maybe(money),
  confirmedAmount: maybe(money),
  /** Why staff review it (the customer reads `meta.resultDesc`). */
  reviewReason: maybe(string()),
  meta: maybe(record(string(), unknown())),
  initiatedAt: maybe(string()),
  completedAt: maybe(string()),
  user: maybe(type({ id, email: maybe(string()), firstName: maybe(string()), lastName: maybe(string()) })),
  // Issue 23: the money desk's actions on it (who, when, why).
  audit: defaulted(array(AuditEntryStruct), []),
});
export type ReviewTransaction = Infer<typeof ReviewTransactionStruct>;

// The account fields the signed-in user also has, plus when the account was made.
const { username, firstName, lastName, email, phone, status, roles } = UserStruct.schema;
export const UserSummaryStruct = type({
  id,
  username,
  firstName,
  lastName,
  email,
  phone,
  status,
  roles,
  createdAt: maybe(string()),
});
export type UserSummary = Infer<typeof UserSummaryStruct>;

/**
 * One row of any catalogue kind, as the public read endpoints send it (docs/catalogue-api.md):
 * the fields a kind does not have read as null.
 */
export const CatalogueRowStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  acronym: maybe(string()),
  color: maybe(string()),
  curriculum: maybe(Named),
  eduLevel: maybe(type({ id, name: string(), curriculum: maybe(Named) })),
  subject: maybe(Named),
  subjectId: maybe(id),
  gradeLevel: maybe(Named),
  topicId: maybe(id),
});
export type CatalogueRow = Infer<typeof CatalogueRowStruct>;

export const decodeAdminTeacher = (raw: unknown): AdminTeacher => decodeWith(AdminTeacherStruct, raw);
export const decodeAdminLesson = (raw: unknown): AdminLesson => decodeWith(AdminLessonStruct, raw);
export const decodeAdminClass = (raw: unknown): AdminClass => decodeWith(AdminClassStruct, raw);
export const decodeReviewTransaction = (raw: unknown): ReviewTransaction =>
  decodeWith(ReviewTransactionStruct, raw);
export const decodeUserSummary = (raw: unknown): UserSummary => decodeWith(UserSummaryStruct, raw);
export const decodeCatalogueRow = (raw: unknown): CatalogueRow => decodeWith(CatalogueRowStruct, raw);
