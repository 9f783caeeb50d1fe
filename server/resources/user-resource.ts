// Wire shapes of User and its nested profiles (docs/api.md "User resource"). Secrets never leave:
// no password hash, PIN hash, ID or TSC number.
import type { wallets } from '../db/schema';
import type {
  ChildDetails,
  StudentDetails,
  TeacherDetails,
  UserAggregate,
  UserRow,
} from '../services/user-service';
import { curriculumSummary, eduLevelSummary, gradeLevelSummary, subjectResource } from './catalogue-resource';
import { centsToDecimal } from './money';
import { maskedNumber, withdrawalNumberUsableAt } from '../../src/shared/withdrawals';

function studentResource(student: StudentDetails) {
  return {
    id: student.id,
    student_no: student.studentNo,
    school_name: student.schoolName,
    study_mode: student.studyMode,
    curriculum_id: student.curriculumId,
    edu_level_id: student.eduLevelId,
    grade_level_id: student.gradeLevelId,
    profile_completed: student.profileCompleted,
    curriculum: student.curriculum ? curriculumSummary(student.curriculum) : null,
    edu_level: student.eduLevel ? eduLevelSummary(student.eduLevel) : null,
    grade_level: student.gradeLevel ? gradeLevelSummary(student.gradeLevel) : null,
  };
}

export function childResource(child: ChildDetails) {
  return {
    ...studentResource(child),
    user: {
      id: child.user.id,
      first_name: child.user.firstName,
      last_name: child.user.lastName,
      username: child.user.username,
      gender: child.user.gender,
      dob: child.user.dob,
    },
  };
}

export function teacherResource(teacher: TeacherDetails) {
  return {
    id: teacher.id,
    biography: teacher.biography,
    current_workplace: teacher.currentWorkplace,
    qualification_level: teacher.qualificationLevel,
    status: teacher.status,
    remark: teacher.remark,
    curriculum_id: teacher.curriculumId,
    edu_level_id: teacher.eduLevelId,
    curriculum: teacher.curriculum ? curriculumSummary(teacher.curriculum) : null,
    edu_level: teacher.eduLevel ? eduLevelSummary(teacher.eduLevel) : null,
    subjects: teacher.subjects.map(subjectResource),
    has_id_number: Boolean(teacher.idNumber),
    has_tsc_number: Boolean(teacher.tscNumber),
  };
}

/**
 * A wallet on the wire. The withdrawal number is masked but for its last 3 digits; `withdrawable` and
 * `withdrawal_fee` (docs/withdrawals.md) are sent where the caller computed them (`GET /api/wallet`
 * and the withdrawal answers), else null.
 */
export function walletResource(
  wallet: typeof wallets.$inferSelect,
  money: { withdrawableCents: number; feeCents: number } | null = null,
  now = new Date(),
) {
  const usableAt = wallet.withdrawalNoSetAt ? withdrawalNumberUsableAt(wallet.withdrawalNoSetAt) : null;
  return {
    id: wallet.id,
    account_no: wallet.accountNo,
    reference: wallet.reference,
    user_id: wallet.userId,
    balance: centsToDecimal(wallet.balanceCents),
    currency: wallet.currency,
    withdrawal_no: maskedNumber(wallet.withdrawalNo),
    withdrawal_provider: wallet.withdrawalProvider,
    withdrawal_no_usable_at:
      wallet.withdrawalNo && usableAt && usableAt.getTime() > now.getTime() ? usableAt.toISOString() : null,
    withdrawable: money ? centsToDecimal(money.withdrawableCents) : null,
    withdrawal_fee: money ? centsToDecimal(money.feeCents) : null,
    has_pin: wallet.pinHash !== null,
  };
}

export function basicUserResource(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    status: user.status,
    gender: user.gender,
    dob: user.dob,
    photo: user.photo,
    // POST user/photo stores the photo's public path (GET /api/photos/{name}); until then there is none.
    display_photo_url: user.photo ?? null,
  };
}

export function userResource(aggregate: UserAggregate) {
  return {
    ...basicUserResource(aggregate.user),
    // Issue 26: SMS goes only to a verified number; changing the phone un-verifies it.
    phone_verified: aggregate.user.phoneVerifiedAt !== null,
    phone_verified_at: aggregate.user.phoneVerifiedAt?.toISOString() ?? null,
    roles: aggregate.roles.map((role) => ({ id: role.id, name: role.name })),
    student: aggregate.student ? studentResource(aggregate.student) : null,
    parent: aggregate.parent
      ? {
          id: aggregate.parent.id,
          profile_completed: aggregate.parent.profileCompleted,
          students_count: aggregate.parent.students.length,
          students: aggregate.parent.students.map(childResource),
        }
      : null,
    teacher: aggregate.teacher ? teacherResource(aggregate.teacher) : null,
    wallet: aggregate.wallet ? walletResource(aggregate.wallet) : null,
  };
}
