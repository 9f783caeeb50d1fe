// Wire shapes of lessons, plans, carts and transactions (CONTRACT.md "Resources on the wire").
import type {
  cartItems,
  carts,
  curricula,
  lessons,
  packageFeatureValues,
  packageFeatures,
  packages,
  programs,
  topics,
  transactions,
  users,
} from '../db/schema';
import { centsToDecimal } from './money';
import { seatsLeft } from '../../src/shared/teaching';
import { classroomWindow, type ClassroomProvider, type ClassroomRole } from '../../src/shared/classroom';
import { maskedNumber } from '../../src/shared/withdrawals';

const LESSON_TYPE_COLORS: Record<(typeof lessons.$inferSelect)['type'], string> = {
  public: '#1E88E5',
  private: '#8E24AA',
  group: '#43A047',
};

const LESSON_TYPE_NAMES: Record<(typeof lessons.$inferSelect)['type'], string> = {
  public: 'Public',
  private: 'Private',
  group: 'Group',
};

/** A lesson with what its answers show (not its search document, which none of them does). */
export type LessonDetails = Omit<typeof lessons.$inferSelect, 'search'> & {
  topic: (typeof topics.$inferSelect & { subjectName: string | null }) | null;
  program: typeof programs.$inferSelect | null;
  curriculum: typeof curricula.$inferSelect | null;
  teacherUser: Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'photo'> | null;
  /** The class the lesson belongs to (issue 4); absent where a caller does not load it. */
  lessonClass?: {
    id: number | null;
    title: string | null;
    subjectId: number | null;
    subjectName: string | null;
    gradeLevelId: number | null;
    gradeLevelName: string | null;
    eduLevelId: number | null;
    eduLevelName: string | null;
    /** The teacher's own link for the class's lessons (issue 22). */
    link?: string | null;
  } | null;
  /** The topic's grade level (issue 9): the lesson's grade when it has no class. */
  topicGrade?: { id: number | null; name: string | null } | null;
  /** Seats its bookings hold (issue 20, `takenSeats`); absent where a caller does not count them. */
  seatsTaken?: number;
};

type LessonType = (typeof lessons.$inferSelect)['type'];

/** A lesson's type as every lesson shape shows it: its name and colour. */
export const lessonTypeResource = (type: LessonType) => ({
  name: LESSON_TYPE_NAMES[type],
  color: LESSON_TYPE_COLORS[type],
});

/** A lesson's program with its curriculum, as every lesson shape shows it. */
export const lessonProgramResource = (
  program: typeof programs.$inferSelect | null,
  curriculum: typeof curricula.$inferSelect | null,
) =>
  program
    ? {
        id: program.id,
        name: program.name,
        curriculum: curriculum
          ? { id: curriculum.id, name: curriculum.name, acronym: curriculum.acronym }
          : null,
      }
    : null;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The teacher's own link a lesson is held on: its own, else its class's; null for its own room. */
export const meetingLinkOf = (lesson: LessonDetails): string | null =>
  lesson.link ?? lesson.lessonClass?.link ?? null;

/**
 * `classroom` (docs/classroom.md "Who enters, when"): the provider and the reader's window, for the
 * lesson's teacher and its booked learners; nothing about the room itself. None for a cancelled lesson.
 */
export function classroomResource(
  lesson: LessonDetails,
  role: ClassroomRole | null | undefined,
): { provider: ClassroomProvider; opens_at: string; closes_at: string } | null {
  if (!role || lesson.cancelledAt) return null;
  const window = classroomWindow(lesson, role);
  return {
    provider: meetingLinkOf(lesson) ? 'link' : 'jitsi',
    opens_at: window.opensAt.toISOString(),
    closes_at: window.closesAt.toISOString(),
  };
}

/**
 * The lesson as a purchasable and in lists. `link` (the teacher's own) only for its teacher: a
 * learner gets the way in from the join answer, inside the window. `classroom` where `classroomFor`
 * is given: the window of that role, null for a reader who has none.
 */
export function lessonResource(
  lesson: LessonDetails,
  extra: { showLink?: boolean; classroomFor?: ClassroomRole | null } = {},
) {
  return {
    id: lesson.id,
    code: lesson.code,
    price: centsToDecimal(lesson.priceCents),
    objective: lesson.objective,
    start_at: iso(lesson.startAt),
    end_at: iso(lesson.endAt),
    link: extra.showLink ? lesson.link : null,
    // Only where the reader's relation to the lesson is known (its page, bookings, the teacher's views).
    ...(extra.classroomFor === undefined ? {} : { classroom: classroomResource(lesson, extra.classroomFor) }),
    is_approved: lesson.isApproved,
    rejection_comment: lesson.rejectionComment,
    // A learner's booking of a cancelled lesson stays in their lists, marked, with the teacher's reason.
    cancelled_at: lesson.cancelledAt ? iso(lesson.cancelledAt) : null,
    cancellation_reason: lesson.cancelledAt ? lesson.cancellationReason : null,
    capacity: lesson.capacity,
    // Issue 20: seats still for sale (null: no limit), where the caller counted them.
    ...(lesson.seatsTaken === undefined ? {} : { seats_left: seatsLeft(lesson, lesson.seatsTaken) }),
    // SPEC §3: a class shows its subject name and grade level (name, education level name).
    class: lesson.lessonClass?.id
      ? {
          id: lesson.lessonClass.id,
          name: lesson.lessonClass.title,
          title: lesson.lessonClass.title,
          subject: lesson.lessonClass.subjectId
            ? { id: lesson.lessonClass.subjectId, name: lesson.lessonClass.subjectName }
            : null,
          grade_level: lesson.lessonClass.gradeLevelId
            ? {
                id: lesson.lessonClass.gradeLevelId,
                name: lesson.lessonClass.gradeLevelName,
                edu_level: lesson.lessonClass.eduLevelId
                  ? { id: lesson.lessonClass.eduLevelId, name: lesson.lessonClass.eduLevelName }
                  : null,
              }
            : null,
        }
      : null,
    topic: lesson.topic
      ? {
          id: lesson.topic.id,
          name: lesson.topic.name,
          slug: lesson.topic.slug,
          subject: lesson.topic.subjectName,
        }
      : null,
    program: lessonProgramResource(lesson.program, lesson.curriculum),
    type: lessonTypeResource(lesson.type),
    teacher: lesson.teacherUser
      ? {
          id: lesson.teacherId,
          user_id: lesson.teacherUser.id,
          name: `${lesson.teacherUser.firstName} ${lesson.teacherUser.lastName}`,
          photo: lesson.teacherUser.photo,
        }
      : null,
    // Issue 9 (docs/learning-workspace.md): where known, from the class, else the topic.
    subject: lessonSubject(lesson),
    grade_level: lessonGrade(lesson),
  };
}

function lessonSubject(lesson: LessonDetails): { id: number; name: string } | null {
  const fromClass = lesson.lessonClass;
  if (fromClass?.id && fromClass.subjectId && fromClass.subjectName !== null)
    return { id: fromClass.subjectId, name: fromClass.subjectName };
  if (lesson.topic && lesson.topic.subjectName !== null)
    return { id: lesson.topic.subjectId, name: lesson.topic.subjectName };
  return null;
}

function lessonGrade(lesson: LessonDetails): { id: number; name: string } | null {
  const fromClass = lesson.lessonClass;
  if (fromClass?.id && fromClass.gradeLevelId && fromClass.gradeLevelName !== null)
    return { id: fromClass.gradeLevelId, name: fromClass.gradeLevelName };
  if (lesson.topicGrade?.id && lesson.topicGrade.name !== null)
    return { id: lesson.topicGrade.id, name: lesson.topicGrade.name };
  return null;
}

/**
 * A bookings-list and timetable item: the Lesson plus whom it was booked for, with the booked
 * learner's classroom. `attended` (bookings only): null until the end, then whether they joined.
 */
export function bookingItem(
  lesson: LessonDetails,
  booking: { id: number; studentId: number; createdAt: Date },
  studentName: string,
  extra: { attended?: boolean | null } = {},
) {
  return {
    ...lessonResource(lesson, { classroomFor: 'learner' }),
    ...(extra.attended === undefined ? {} : { attended: extra.attended }),
    booking: {
      id: booking.id,
      student_id: booking.studentId,
      student_name: studentName,
      created_at: booking.createdAt.toISOString(),
    },
  };
}

/** A note's or assignment's file: the bytes download from `url` (GET /api/files/{id}). */
function fileResource(file: { id: number; name: string; sizeBytes: number; mimeType: string }) {
  return {
    id: file.id,
    name: file.name,
    size: file.sizeBytes,
    mime_type: file.mimeType,
    url: `/api/files/${file.id}`,
  };
}

export type PackageDetails = typeof packages.$inferSelect & {
  features: Array<
    typeof packageFeatures.$inferSelect &
      Pick<typeof packageFeatureValues.$inferSelect, 'value' | 'displayValue'>
  >;
};

export function packageResource(plan: PackageDetails) {
  return {
    id: plan.id,
    name: plan.name,
    slug: plan.slug,
    recommended: plan.recommended,
    price: centsToDecimal(plan.priceCents),
    interval: plan.interval,
    duration: plan.duration,
    duration_unit: plan.durationUnit,
    // What checkout applies (issue 24): lessons included each Nairobi month up to `lesson_cap` each,
    // and `discount_percent` off every other lesson.
    entitlements: {
      included_lessons: plan.includedLessons,
      lesson_cap: centsToDecimal(plan.lessonCapCents),
      discount_percent: plan.discountPercent,
    },
    features: plan.features.map((feature) => ({
      id: feature.id,
      name: feature.name,
      slug: feature.slug,
      value: feature.value,
      display_value: feature.displayValue,
    })),
  };
}

export type CartItemRow = typeof cartItems.$inferSelect;
export type CartRow = typeof carts.$inferSelect;

export type Purchasables = {
  lessons: Map<number, LessonDetails>;
  packages: Map<number, typeof packages.$inferSelect>;
  /** A class line's class, by class id, and its sale (what it buys now), by cart item id. */
  classes: Map<number, CartClass>;
  classSales: Map<number, { totalCents: number; lessons: unknown[] }>;
};

export type CartClass = {
  id: number;
  title: string;
  slug: string;
  startsAt: Date;
  endsAt: Date;
  subject: { name: string };
  teacher: { name: string };
};

/**
 * A class in the cart (docs/class-purchase.md "The cart"): `price` and `lessons_count` are what it
 * buys now, for this buyer.
 */
function classPurchasable(cls: CartClass, sale: { totalCents: number; lessons: unknown[] } | undefined) {
  return {
    id: cls.id,
    title: cls.title,
    slug: cls.slug,
    price: centsToDecimal(sale?.totalCents ?? 0),
    lessons_count: sale?.lessons.length ?? 0,
    starts_at: cls.startsAt.toISOString(),
    ends_at: cls.endsAt.toISOString(),
    subject: { name: cls.subject.name },
    teacher: { name: cls.teacher.name },
  };
}

function purchasableResource(item: CartItemRow, found: Purchasables) {
  if (item.purchasableType === 'lesson') {
    const lesson = found.lessons.get(item.purchasableId);
    return lesson ? lessonResource(lesson) : null;
  }
  if (item.purchasableType === 'class') {
    const cls = found.classes.get(item.purchasableId);
    return cls ? classPurchasable(cls, found.classSales.get(item.id)) : null;
  }
  const plan = found.packages.get(item.purchasableId);
  return {
    id: item.purchasableId,
    price: centsToDecimal(item.priceCents),
    package: plan ? { id: plan.id, name: plan.name, slug: plan.slug, interval: plan.interval } : null,
    custom_plan: null,
  };
}

/** `{cart, item_count, total}`: every cart call answers with it. */
/** A cart line's price for its buyer (their plans applied, server/services/plan-entitlements.ts). */
export type PricedLine = {
  chargedCents: number;
  coveredBy: { name: string } | null;
  discount: { name: string; percent: number } | null;
};

export function cartBody(
  cart: CartRow | null,
  items: CartItemRow[],
  found: Purchasables,
  priced: Map<number, PricedLine> = new Map(),
) {
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
  const lineTotal = (item: CartItemRow) =>
    priced.get(item.id)?.chargedCents ?? item.quantity * item.priceCents;
  const totalCents = items.reduce((sum, item) => sum + lineTotal(item), 0);
  return {
    cart: cart
      ? {
          id: cart.id,
          user_id: cart.userId,
          session_id: cart.sessionId,
          // Send back as `cart_version` when paying: a cart that moved on since is a 409.
          version: cart.version,
          items: items.map((item) => ({
            id: item.id,
            purchasable_type: item.purchasableType,
            purchasable_id: item.purchasableId,
            purchasable: purchasableResource(item, found),
            quantity: item.quantity,
            options: item.options ?? {},
            price: centsToDecimal(item.priceCents),
            // What the buyer pays for the line: their plan may include it or take a share off.
            total: centsToDecimal(lineTotal(item)),
            plan: planOfLine(priced.get(item.id)),
            created_at: item.createdAt.toISOString(),
            updated_at: item.updatedAt.toISOString(),
          })),
          created_at: cart.createdAt.toISOString(),
          updated_at: cart.updatedAt.toISOString(),
        }
      : null,
    item_count: itemCount,
    total: centsToDecimal(totalCents),
  };
}

function planOfLine(line: PricedLine | undefined) {
  if (line?.coveredBy) return { name: line.coveredBy.name, covered: true, discount_percent: null };
  if (line?.discount)
    return { name: line.discount.name, covered: false, discount_percent: line.discount.percent };
  return null;
}

/**
 * The keys of a transaction's `meta` that leave the server (docs/api.md, "Transactions on the wire").
 * Everything else in `meta` is the server's own: the ids it asks gateways with (checkout, merchant,
 * originator and conversation ids, order tracking ids) would let a forger answer its questions.
 */
const SHOWN_TRANSACTION_META = ['result_desc'] as const;

function shownMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const key of SHOWN_TRANSACTION_META) if (key in meta) shown[key] = meta[key];
  return shown;
}

export function transactionResource(row: typeof transactions.$inferSelect) {
  return {
    id: row.id,
    user_id: row.userId,
    wallet_id: row.walletId,
    type: row.type,
    amount: centsToDecimal(row.amountCents),
    reference: row.reference,
    status: row.status,
    gateway: row.gateway,
    related_transaction: row.relatedTransactionId,
    meta: shownMeta(row.meta),
    initiated_at: iso(row.initiatedAt),
    completed_at: iso(row.completedAt),
    receipt_sent_at: iso(row.receiptSentAt),
  };
}

/** The fee kept from a withdrawal (`meta.fee_cents`, WITHDRAWAL_FEE when it was asked). */
export const withdrawalFeeCents = (row: { meta: Record<string, unknown> }) =>
  typeof row.meta.fee_cents === 'number' ? row.meta.fee_cents : 0;

/** A withdrawal on the wire: the transaction, with M-Pesa's receipt, the reason of a failure and the fee. */
export function withdrawalResource(row: typeof transactions.$inferSelect) {
  return {
    ...transactionResource(row),
    receipt: row.status === 'completed' ? row.gatewayReceipt : null,
    reason:
      row.status === 'failed' || row.status === 'needs_review'
        ? typeof row.meta.result_desc === 'string'
          ? row.meta.result_desc
          : null
        : null,
    fee: centsToDecimal(withdrawalFeeCents(row)),
    phone: maskedNumber(typeof row.meta.phone === 'string' ? row.meta.phone : null),
  };
}

/** A ledger line as its owner reads it: a withdrawal with its receipt, reason and fee (issue 23). */
export function ledgerLineResource(row: typeof transactions.$inferSelect) {
  return row.type === 'withdrawal' ? withdrawalResource(row) : transactionResource(row);
}

type FileFields = { id: number; name: string; sizeBytes: number; mimeType: string };

/** A teacher's note on a lesson, with its files. */
export function noteResource(note: {
  id: number;
  title: string;
  description: string;
  createdAt: Date;
  files: FileFields[];
}) {
  return {
    id: note.id,
    title: note.title,
    desc: note.description,
    files: note.files.map(fileResource),
    created_at: note.createdAt.toISOString(),
  };
}

/** A teacher's assignment on a lesson, due on a calendar day (`YYYY-MM-DD`), with its files. */
export function assignmentResource(assignment: {
  id: number;
  title: string;
  description: string;
  dueDate: string;
  createdAt: Date;
  files: FileFields[];
}) {
  return {
    id: assignment.id,
    title: assignment.title,
    desc: assignment.description,
    due_date: assignment.dueDate,
    files: assignment.files.map(fileResource),
    created_at: assignment.createdAt.toISOString(),
  };
}

/** A class in the learner's lists (docs/learning-workspace.md "Class"). */
export function learnerClassResource(row: {
  id: number;
  slug: string;
  title: string;
  description: string;
  type: string;
  frequency: string;
  startsAt: Date;
  endsAt: Date;
  priceCents: number;
  subject: { id: number; name: string };
  gradeLevel: { id: number; name: string; eduLevel: { id: number; name: string } };
  teacher: { id: number; name: string; photo: string | null };
  lessonsCount: number;
  bookedLessonsCount: number;
  isApproved: boolean;
  rejectionComment: string | null;
}) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    frequency: row.frequency,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    price: centsToDecimal(row.priceCents),
    subject: { id: row.subject.id, name: row.subject.name },
    grade_level: {
      id: row.gradeLevel.id,
      name: row.gradeLevel.name,
      edu_level: { id: row.gradeLevel.eduLevel.id, name: row.gradeLevel.eduLevel.name },
    },
    teacher: { id: row.teacher.id, name: row.teacher.name, photo: row.teacher.photo },
    lessons_count: row.lessonsCount,
    booked_lessons_count: row.bookedLessonsCount,
    is_approved: row.isApproved,
    rejection_comment: row.rejectionComment,
  };
}
