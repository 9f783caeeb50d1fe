// Database schema (drizzle, PostgreSQL). SQL names are snake_case; money is integer cents.
import { sql } from 'drizzle-orm';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/shared/transactions';
import { ACTIVITY_TYPES } from '../../src/shared/activities';
import { CLASS_FREQUENCIES, CLASS_TYPES, LESSON_TYPES } from '../../src/shared/teaching';
import { LESSON_OUTCOMES, REPORT_REASONS, REPORT_STATUSES } from '../../src/shared/classroom';
import { REVIEW_STATUSES } from '../../src/shared/reviews';
import {
  type AnyPgColumn,
  bigint,
  customType,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL full-text document; read only inside SQL (search-service.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Weighted document: A (names, titles) ranks above B (objectives, bodies). */
const weighted = (a: string, b: string) =>
  sql.raw(
    `setweight(to_tsvector('english', coalesce(${a}, '')), 'A') || setweight(to_tsvector('english', coalesce(${b}, '')), 'B')`,
  );

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  // Children added by a parent have neither an e-mail nor a password of their own.
  email: text('email').unique(),
  phone: text('phone'),
  /** When `phone` was proved by an SMS code (issue 26); null: SMS never goes to it. */
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  passwordHash: text('password_hash'),
  status: text('status', { enum: ['inactive', 'active', 'suspended'] })
    .notNull()
    .default('inactive'),
  gender: text('gender', { enum: ['male', 'female', 'other'] }),
  dob: date('dob', { mode: 'string' }),
  photo: text('photo'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  ...timestamps,
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie value: a leaked table does not hand out live sessions.
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

// A function, so each table gets its own column builders.
const oneTimeToken = () => ({
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailVerificationTokens = pgTable('email_verification_tokens', oneTimeToken(), (t) => [
  index('email_verification_tokens_user_id_idx').on(t.userId),
]);

export const passwordResetTokens = pgTable('password_reset_tokens', oneTimeToken(), (t) => [
  index('password_reset_tokens_user_id_idx').on(t.userId),
]);

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const curricula = pgTable('curricula', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  acronym: text('acronym').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const educationLevels = pgTable('education_levels', {
  id: serial('id').primaryKey(),
  curriculumId: integer('curriculum_id')
    .notNull()
    .references(() => curricula.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const gradeLevels = pgTable('grade_levels', {
  id: serial('id').primaryKey(),
  eduLevelId: integer('edu_level_id')
    .notNull()
    .references(() => educationLevels.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    color: text('color').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    search: tsvector('search').notNull().generatedAlwaysAs(sql.raw(`to_tsvector('english', name)`)),
    ...timestamps,
  },
  (t) => [index('subjects_search_idx').using('gin', t.search)],
);

export const gradeLevelSubjects = pgTable(
  'grade_level_subjects',
  {
    id: serial('id').primaryKey(),
    gradeLevelId: integer('grade_level_id')
      .notNull()
      .references(() => gradeLevels.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('grade_level_subjects_pair').on(t.gradeLevelId, t.subjectId)],
);

export const parents = pgTable('parents', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  profileCompleted: boolean('profile_completed').notNull().default(false),
  ...timestamps,
});

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references(() => parents.id, { onDelete: 'set null' }),
    studentNo: text('student_no').unique(),
    schoolName: text('school_name'),
    studyMode: text('study_mode', { enum: ['boarding', 'day_scholar'] }),
    curriculumId: integer('curriculum_id').references(() => curricula.id, { onDelete: 'set null' }),
    eduLevelId: integer('edu_level_id').references(() => educationLevels.id, { onDelete: 'set null' }),
    gradeLevelId: integer('grade_level_id').references(() => gradeLevels.id, { onDelete: 'set null' }),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('students_parent_id_idx').on(t.parentId)],
);

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    biography: text('biography'),
    currentWorkplace: text('current_workplace'),
    qualificationLevel: text('qualification_level', {
      enum: ['PHD', 'Masters', 'Degree', 'Diploma', 'Certificate'],
    }),
    status: text('status', { enum: ['new', 'pending', 'approved', 'declined'] })
      .notNull()
      .default('new'),
    remark: text('remark'),
    curriculumId: integer('curriculum_id').references(() => curricula.id, { onDelete: 'set null' }),
    eduLevelId: integer('edu_level_id').references(() => educationLevels.id, { onDelete: 'set null' }),
    // Identity documents are kept for the approval check and never sent back to the browser.
    idNumber: text('id_number'),
    tscNumber: text('tsc_number'),
    /** When the teacher last submitted the profile for approval, and when an admin decided (issue 10). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Name, biography, workplace and subject names; kept by triggers (migration 0002_catalogue). */
    search: tsvector('search'),
    ...timestamps,
  },
  (t) => [
    index('teachers_search_idx').using('gin', t.search),
    // One national ID or passport per teacher (issue 24), whatever its letters' case.
    uniqueIndex('teachers_id_number_unique').on(sql`upper(${t.idNumber})`),
  ],
);

export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.subjectId] })],
);

export const wallets = pgTable('wallets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountNo: text('account_no').notNull().unique(),
  reference: text('reference').notNull().unique(),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull().default('KES'),
  pinHash: text('pin_hash'),
  // Wrong PINs in a row; 5 lock the wallet until pin_locked_until.
  pinAttempts: integer('pin_attempts').notNull().default(0),
  pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
  /** The M-Pesa number withdrawals are paid to (issue 23), set with the PIN. */
  withdrawalNo: text('withdrawal_no'),
  withdrawalProvider: text('withdrawal_provider'),
  /** When the number was last set: a new number cannot be paid to for 24 hours (docs/withdrawals.md). */
  withdrawalNoSetAt: timestamp('withdrawal_no_set_at', { withTimezone: true }),
  ...timestamps,
});

// ---- Commerce (issue 3): lessons, plans, carts, orders, bookings, the wallet ledger ----

export const topics = pgTable('topics', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  subjectId: integer('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  gradeLevelId: integer('grade_level_id').references(() => gradeLevels.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** A course of study a lesson belongs to, e.g. "CBC Grade 7 Mathematics". */
export const programs = pgTable('programs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  curriculumId: integer('curriculum_id')
    .notNull()
    .references(() => curricula.id, { onDelete: 'cascade' }),
  gradeLevelId: integer('grade_level_id').references(() => gradeLevels.id, { onDelete: 'set null' }),
  subjectId: integer('subject_id').references(() => subjects.id, { onDelete: 'set null' }),
  ...timestamps,
});

export { LESSON_TYPES };

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    type: text('type', { enum: LESSON_TYPES }).notNull().default('public'),
    objective: text('objective').notNull(),
    priceCents: integer('price_cents').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** The teacher's own meeting (Zoom, Meet, Teams; issue 22): replaces the Jitsi room. Null: the room. */
    link: text('link'),
    isApproved: boolean('is_approved').notNull().default(false),
    rejectionComment: text('rejection_comment'),
    /** Seats; null = no limit. */
    capacity: integer('capacity'),
    classId: integer('class_id').references((): AnyPgColumn => classes.id, { onDelete: 'set null' }),
    /** The lessons one `POST /api/teacher/lessons/store` made share it; an admin decides them at once (issue 24). */
    seriesId: text('series_id'),
    /** Set once when the teacher cancels (issue 10); every paid booking is refunded in that transaction. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /** Set once when the lesson's earnings are credited to the teacher (issue 10), with or without money. */
    earningsSettledAt: timestamp('earnings_settled_at', { withTimezone: true }),
    earningsTransactionId: integer('earnings_transaction_id')
      .unique()
      .references((): AnyPgColumn => transactions.id, { onDelete: 'set null' }),
    /**
     * Set once by the earnings job when the lesson has ended (issue 22, docs/classroom.md): `held`
     * when its teacher joined the classroom, `not_held` when not (every paid booking refunded).
     */
    outcome: text('outcome', { enum: LESSON_OUTCOMES }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    /** Topic, program and subject names (A) and the objective (B); kept by a trigger (0002_catalogue). */
    search: tsvector('search'),
    ...timestamps,
  },
  (t) => [
    index('lessons_start_at_idx').on(t.startAt),
    index('lessons_teacher_id_idx').on(t.teacherId),
    index('lessons_class_id_idx').on(t.classId),
    index('lessons_series_id_idx').on(t.seriesId),
    index('lessons_search_idx').using('gin', t.search),
    // What a visitor may book, by start (issue 12): the home page's next lessons and counts.
    index('lessons_public_start_at_idx')
      .on(t.startAt, t.id)
      .where(sql`${t.isApproved} and ${t.cancelledAt} is null`),
    // The earnings job's queue: lessons not yet settled, by when they end.
    index('lessons_unsettled_end_at_idx')
      .on(t.endAt)
      .where(sql`${t.earningsSettledAt} is null`),
  ],
);

const DURATION_UNITS = ['day', 'week', 'month', 'year'] as const;

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  recommended: boolean('recommended').notNull().default(false),
  priceCents: integer('price_cents').notNull(),
  /** Billing period as shown ("month", "quarter"). */
  interval: text('interval').notNull(),
  duration: integer('duration').notNull(),
  durationUnit: text('duration_unit', { enum: DURATION_UNITS }).notNull(),
  position: integer('position').notNull().default(0),
  // What the plan gives (issue 24, docs/issue-24.md "plans"): lessons included each Nairobi month,
  // each up to a price cap, and a percentage off every other lesson its buyer pays for.
  includedLessons: integer('included_lessons').notNull().default(0),
  lessonCapCents: integer('lesson_cap_cents').notNull().default(0),
  discountPercent: integer('discount_percent').notNull().default(0),
  ...timestamps,
});

export const packageFeatures = pgTable('package_features', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const packageFeatureValues = pgTable(
  'package_feature_values',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => packageFeatures.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    displayValue: text('display_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.featureId] })],
);

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // A visitor's cart; sign-in re-keys the session row and the cart follows (docs/api.md).
    sessionId: text('session_id').references(() => sessions.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    /** Bumped on every change; a payment names the version it was shown (409 when it moved on). */
    version: integer('version').notNull().default(1),
    /** The version the last checkout load showed, for payers that do not send `cart_version`. */
    checkoutVersion: integer('checkout_version'),
    /** Account number customers type for an M-Pesa paybill payment of this cart. */
    paybillAccount: text('paybill_account').unique(),
    ...timestamps,
  },
  (t) => [index('carts_user_id_idx').on(t.userId), index('carts_session_id_idx').on(t.sessionId)],
);

/** 'class': a whole class (issue 24, docs/class-purchase.md); an order records its lessons instead. */
export const PURCHASABLE_TYPES = ['lesson', 'subscription', 'class'] as const;

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    purchasableType: text('purchasable_type', { enum: PURCHASABLE_TYPES }).notNull(),
    /** lessons.id, or packages.id for a subscription (the subscription row is made when paid). */
    purchasableId: integer('purchasable_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    options: jsonb('options').$type<Record<string, unknown>>(),
    /** Unit price when added, in cents. */
    priceCents: integer('price_cents').notNull(),
    ...timestamps,
  },
  (t) => [unique('cart_items_purchasable').on(t.cartId, t.purchasableType, t.purchasableId)],
);

export { TRANSACTION_STATUSES, TRANSACTION_TYPES };
/** `mpesa_b2c`: withdrawals to M-Pesa (Daraja B2C, issue 23); its receipts share M-Pesa's space. */
export const GATEWAYS = ['wallet', 'mpesa', 'paybill', 'pesapal', 'mpesa_b2c'] as const;

/** The wallet ledger and every gateway payment attempt (CONTRACT "Transaction"). */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    walletId: integer('wallet_id').references(() => wallets.id, { onDelete: 'set null' }),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('pending'),
    gateway: text('gateway', { enum: GATEWAYS }).notNull(),
    checkoutRequestId: text('checkout_request_id').unique(),
    orderTrackingId: text('order_tracking_id').unique(),
    /**
     * A withdrawal's `OriginatorConversationID` (issue 23): generated and stored before the B2C request
     * goes out, so every result and status answer is matched to the request the server made.
     */
    originatorConversationId: text('originator_conversation_id').unique(),
    /**
     * The gateway's receipt of a payment: the M-Pesa receipt (STK `MpesaReceiptNumber`, C2B `TransID`)
     * or Pesapal's confirmation code. Unique per provider (the indexes below): a receipt is settled once.
     */
    gatewayReceipt: text('gateway_receipt'),
    /** What the notification claimed (C2B `TransAmount`, STK callback `Amount`): staff compare it. */
    claimedAmountCents: integer('claimed_amount_cents'),
    /** What the gateway itself confirmed (status query, STK query, Pesapal status), paid or held for review. */
    confirmedAmountCents: integer('confirmed_amount_cents'),
    paybillAccount: text('paybill_account'),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    cartVersion: integer('cart_version'),
    /** For a parent: the child whose lessons are booked. */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    relatedTransactionId: integer('related_transaction_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    initiatedAt: timestamp('initiated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    /** Last time the gateway was asked about this pending transaction. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When the background check asks the gateway next (backoff); the most overdue goes first. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Gateway queries made so far for this pending transaction. */
    checkAttempts: integer('check_attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('transactions_user_id_idx').on(t.userId),
    index('transactions_cart_id_idx').on(t.cartId),
    index('transactions_status_idx').on(t.status),
    index('transactions_pending_check_idx').on(t.status, t.nextCheckAt),
    // M-Pesa express and paybill share M-Pesa's receipt space; Pesapal's codes are its own.
    uniqueIndex('transactions_mpesa_receipt_idx')
      .on(t.gatewayReceipt)
      .where(sql`${t.gateway} in ('mpesa', 'paybill', 'mpesa_b2c')`),
    uniqueIndex('transactions_pesapal_receipt_idx')
      .on(t.gatewayReceipt)
      .where(sql`${t.gateway} = 'pesapal'`),
  ],
);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
  transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
  totalCents: integer('total_cents').notNull(),
  status: text('status', { enum: ['paid', 'refunded'] })
    .notNull()
    .default('paid'),
  ...timestamps,
});

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  purchasableType: text('purchasable_type', { enum: PURCHASABLE_TYPES }).notNull(),
  purchasableId: integer('purchasable_id').notNull(),
  quantity: integer('quantity').notNull(),
  priceCents: integer('price_cents').notNull(),
  options: jsonb('options').$type<Record<string, unknown>>(),
});

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The refund of this booking when its lesson was cancelled: unique, so a booking is refunded once. */
    refundTransactionId: integer('refund_transaction_id')
      .unique()
      .references((): AnyPgColumn => transactions.id, { onDelete: 'set null' }),
    /** Issue 24 (cancel): its teacher moved the lesson and the learner has not kept the new time yet. */
    movedAt: timestamp('moved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bookings_lesson_student').on(t.lessonId, t.studentId),
    // A learner's bookings, timetable and lesson pages start from their student ids (issue 27).
    index('bookings_student_id_lesson_id_idx').on(t.studentId, t.lessonId),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
    customPlan: jsonb('custom_plan').$type<Record<string, unknown>>(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['active', 'expired', 'cancelled'] })
      .notNull()
      .default('active'),
    priceCents: integer('price_cents').notNull(),
    remarks: text('remarks'),
    ...timestamps,
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId)],
);

/**
 * One included lesson a plan covered (issue 24): tied to its booking and order line, each used once
 * (`booking_id` unique). `slot` (1…included_lessons) is unique per subscription and Nairobi month, so
 * no month gives more lessons than the plan includes; giving the lesson back (a refund) sets
 * `returned_at` and frees the slot, claimed by `… WHERE returned_at IS NULL`, so it happens once.
 */
export const planUsages = pgTable(
  'plan_usages',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /**
     * The booking the plan paid for; null once a learner's cancellation removed the booking (the row
     * stays, with `returned_at`, as the record that the lesson was used and given back).
     */
    bookingId: integer('booking_id')
      .unique()
      .references(() => bookings.id, { onDelete: 'set null' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The Nairobi month the lesson was bought in, `YYYY-MM`. */
    month: text('month').notNull(),
    slot: integer('slot'),
    /** The lesson's price the plan paid (what the learner did not). */
    coveredCents: integer('covered_cents').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('plan_usages_slot').on(t.subscriptionId, t.month, t.slot)],
);

// ---- Catalogue (issue 4): categories, tags, terms, subtopics, classes, questions, FAQs, newsletter ----

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  ...timestamps,
});

export const subjectTags = pgTable('subject_tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  color: text('color').notNull(),
  ...timestamps,
});

export const subjectTagLinks = pgTable(
  'subject_tag_links',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => subjectTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.tagId] })],
);

export const terms = pgTable('terms', {
  id: serial('id').primaryKey(),
  curriculumId: integer('curriculum_id')
    .notNull()
    .references(() => curricula.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  ...timestamps,
});

export const subtopics = pgTable(
  'subtopics',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    ...timestamps,
  },
  (t) => [index('subtopics_topic_id_idx').on(t.topicId)],
);

/** Which topics a subject covers in a grade (SPEC "Grade-subject-topic link"); lessons hang off the topic. */
export const gradeSubjectTopics = pgTable(
  'grade_subject_topics',
  {
    id: serial('id').primaryKey(),
    gradeLevelId: integer('grade_level_id')
      .notNull()
      .references(() => gradeLevels.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('grade_subject_topics_triple').on(t.gradeLevelId, t.subjectId, t.topicId)],
);

export { CLASS_FREQUENCIES, CLASS_TYPES };

/** A course of lessons (SPEC §3 "Class"); its lessons point at it with lessons.class_id. */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    gradeLevelId: integer('grade_level_id')
      .notNull()
      .references(() => gradeLevels.id, { onDelete: 'restrict' }),
    curriculumId: integer('curriculum_id')
      .notNull()
      .references(() => curricula.id, { onDelete: 'restrict' }),
    type: text('type', { enum: CLASS_TYPES }).notNull(),
    frequency: text('frequency', { enum: CLASS_FREQUENCIES }).notNull(),
    /** The whole class, in cents. */
    priceCents: integer('price_cents').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isApproved: boolean('is_approved').notNull().default(true),
    /** Set when an admin rejects the class (issue 10): the "rejected" list of SPEC §4. */
    rejectionComment: text('rejection_comment'),
    /** The teacher's own meeting for every lesson of the class without a link of its own (issue 22). */
    link: text('link'),
    search: tsvector('search').notNull().generatedAlwaysAs(weighted('title', 'description')),
    ...timestamps,
  },
  (t) => [
    index('classes_starts_at_idx').on(t.startsAt),
    // The class list filtered by subject, in its order (issue 12).
    index('classes_subject_id_starts_at_idx').on(t.subjectId, t.startsAt, t.id),
    index('classes_teacher_id_idx').on(t.teacherId),
    index('classes_search_idx').using('gin', t.search),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').references(() => subjects.id, { onDelete: 'set null' }),
    gradeLevelId: integer('grade_level_id').references(() => gradeLevels.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Title (A), body (B) and subject name (C); kept by a trigger (migration 0002_catalogue). */
    search: tsvector('search'),
    ...timestamps,
  },
  (t) => [
    index('questions_user_id_idx').on(t.userId),
    index('questions_created_at_idx').on(t.createdAt),
    index('questions_search_idx').using('gin', t.search),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [index('answers_question_id_idx').on(t.questionId)],
);

export const VOTE_TYPES = ['like', 'dislike'] as const;

export const answerVotes = pgTable(
  'answer_votes',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: VOTE_TYPES }).notNull(),
    ...timestamps,
  },
  (t) => [unique('answer_votes_user_answer').on(t.answerId, t.userId)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_unique').on(sql`lower(${t.email})`)],
);

/** Deployment-wide values the server generates once and keeps (the gateways' callback secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// The sandbox gateways' own records, kept like Daraja and Pesapal keep theirs: a restarted server
// still answers an STK query, a transaction status query or a Pesapal status query truthfully.

export const sandboxMpesaPushes = pgTable('sandbox_mpesa_pushes', {
  checkoutRequestId: text('checkout_request_id').primaryKey(),
  merchantRequestId: text('merchant_request_id').notNull(),
  phone: text('phone').notNull(),
  amount: integer('amount').notNull(),
  accountReference: text('account_reference').notNull(),
  callbackUrl: text('callback_url').notNull(),
  resultCode: integer('result_code').notNull(),
  resultDesc: text('result_desc').notNull(),
  sendsCallback: boolean('sends_callback').notNull(),
  receipt: text('receipt').notNull(),
  /** When the customer answers (or the prompt times out): the outcome is known from then on. */
  answersAt: timestamp('answers_at', { withTimezone: true }).notNull(),
  pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
});

export const sandboxMpesaC2b = pgTable('sandbox_mpesa_c2b', {
  transId: text('trans_id').primaryKey(),
  businessShortCode: text('business_short_code').notNull(),
  billRefNumber: text('bill_ref_number').notNull(),
  amount: integer('amount').notNull(),
  msisdn: text('msisdn').notNull(),
  payerName: text('payer_name').notNull(),
  transTime: text('trans_time').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The B2C sandbox's payments (issue 23), as M-Pesa keeps them: the transaction status query answers
 * from here, so a restarted server still learns truthfully what became of a withdrawal.
 */
export const sandboxMpesaB2c = pgTable('sandbox_mpesa_b2c', {
  originatorConversationId: text('originator_conversation_id').primaryKey(),
  conversationId: text('conversation_id').notNull(),
  phone: text('phone').notNull(),
  amount: integer('amount').notNull(),
  resultUrl: text('result_url').notNull(),
  timeoutUrl: text('timeout_url').notNull(),
  resultCode: integer('result_code').notNull(),
  resultDesc: text('result_desc').notNull(),
  /** False: M-Pesa never answers (no result, and the status query only times out). */
  answers: boolean('answers').notNull(),
  receipt: text('receipt').notNull(),
  /** When the payment was processed: its outcome is known from then on. */
  answersAt: timestamp('answers_at', { withTimezone: true }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});

export const sandboxPesapalIpns = pgTable('sandbox_pesapal_ipns', {
  ipnId: text('ipn_id').primaryKey(),
  url: text('url').notNull(),
  method: text('method', { enum: ['GET', 'POST'] }).notNull(),
});

export const sandboxPesapalOrders = pgTable('sandbox_pesapal_orders', {
  orderTrackingId: text('order_tracking_id').primaryKey(),
  order: jsonb('order').notNull(),
  statusCode: integer('status_code').notNull(),
  paymentStatusDescription: text('payment_status_description').notNull(),
  description: text('description').notNull(),
  confirmationCode: text('confirmation_code').notNull(),
  paymentMethod: text('payment_method').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Learning workspace (issue 9): notes, assignments, files, activity, notifications, reminders ----

/** A teacher's note on a lesson (SPEC §3 "Note"); its files hang off it. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('notes_lesson_id_idx').on(t.lessonId)],
);

/** A teacher's assignment on a lesson (SPEC §3 "Assignment"), due on a date. */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('assignments_lesson_id_idx').on(t.lessonId)],
);

/** `id_document` and `certificate`: a teacher's vetting documents (issue 24), read by admins and their owner. */
const FILE_PURPOSES = ['note', 'assignment', 'photo', 'id_document', 'certificate'] as const;

/** An uploaded file; the bytes live in the file storage under `storage_key` (server/storage). */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull(),
    noteId: integer('note_id').references(() => notes.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id').references(() => assignments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    mimeType: text('mime_type').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_note_id_idx').on(t.noteId),
    index('files_assignment_id_idx').on(t.assignmentId),
    index('files_owner_user_id_idx').on(t.ownerUserId),
  ],
);

export { ACTIVITY_TYPES };

/** The activity feed: written inside the database transaction of what it reports. */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    text: text('text').notNull(),
    /** The SPA path it is about, e.g. /lessons/show/LSN-1. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_user_id_id_idx').on(t.userId, t.id)],
);

/** SPEC §3 "Notification" (Laravel's shape: uuid id, type, data, read_at). */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** `{title, body, url}` plus type-specific ids. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/**
 * `message` (issue 25): a new message of one of the user's threads, `{thread_id, message}`;
 * `messages_read`: the user read a thread, `{thread_id, unread_count}` (their other tabs' counts).
 */
const USER_EVENT_KINDS = ['notification', 'transaction', 'message', 'messages_read'] as const;

/**
 * Outbox of live events (`GET /api/events`): written in the transaction that causes them, read by
 * every API process's event pump, pruned after an hour. Works alike on PGlite and PostgreSQL.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: USER_EVENT_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('user_events_created_at_idx').on(t.createdAt)],
);

/** One reminder per booking, due an hour before the lesson; the reminder job sends it once. */
export const lessonReminders = pgTable(
  'lesson_reminders',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A job that claimed it holds it until then; a crashed job's claim runs out. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lesson_reminders_due_at_idx').on(t.dueAt)],
);

/** The private calendar feed of a user: the token is the credential of `/calendar/{token}.ics`. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who entered a lesson's classroom (issue 22): one row per person and lesson, written by every
 * successful join. `role` is how they came in: the lesson's teacher, or a learner (a booked student,
 * or the parent of one, who counts for their children).
 */
export const lessonAttendance = pgTable(
  'lesson_attendance',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['teacher', 'learner'] }).notNull(),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull(),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).notNull(),
    joins: integer('joins').notNull().default(1),
  },
  (t) => [unique('lesson_attendance_lesson_user').on(t.lessonId, t.userId)],
);

/**
 * A learner's (or parent's) report of a problem with a held lesson (issue 22): one per lesson and
 * reporter. While one is open the teacher's earning waits; an admin decides `pay` or `refund` once.
 */
export const lessonReports = pgTable(
  'lesson_reports',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    remark: text('remark'),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('lesson_reports_lesson_reporter').on(t.lessonId, t.reporterUserId),
    index('lesson_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * What an admin did to a transaction from the money desk (issue 23): who, when, which action and why.
 * Written in the transaction of the action itself; shown on the transaction.
 */
export const transactionAudit = pgTable(
  'transaction_audit',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    remark: text('remark').notNull(),
    /** The ledger line the action wrote, when money moved. */
    resultTransactionId: integer('result_transaction_id').references((): AnyPgColumn => transactions.id, {
      onDelete: 'set null',
    }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transaction_audit_transaction_idx').on(t.transactionId)],
);

// ---- Reviews and messages (issue 25, docs/reviews-messages.md) ----

/**
 * A learner's review of a teacher: one per learner and teacher (a parent writes their child's), the
 * latest version counts. `hidden` reviews are neither shown nor counted (src/shared/reviews.ts).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    /** The learner who had the lessons. */
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** Who wrote (or last edited) it: the learner, or their parent. */
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    text: text('text'),
    /** The teacher's one public reply, editable. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('published'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedByUserId: integer('moderated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('reviews_teacher_student').on(t.teacherId, t.studentId),
    // A profile's reviews, newest first, and its rating (counted statuses).
    index('reviews_teacher_created_idx').on(t.teacherId, t.createdAt, t.id),
    index('reviews_reported_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'reported'`),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/** A report of a review by a signed-in user, with the reason; one per review and reporter. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('review_reports_review_reporter').on(t.reviewId, t.reporterUserId)],
);

/**
 * One thread per pair of users (`user_low_id < user_high_id`). Each side's read mark is the last
 * message id it has read; its e-mail mark is when it was last e-mailed about unread messages.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: serial('id').primaryKey(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote first: the 5-new-threads-a-day limit counts these. */
    startedByUserId: integer('started_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lowReadMessageId: integer('low_read_message_id').notNull().default(0),
    highReadMessageId: integer('high_read_message_id').notNull().default(0),
    lowEmailedAt: timestamp('low_emailed_at', { withTimezone: true }),
    highEmailedAt: timestamp('high_emailed_at', { withTimezone: true }),
    /** A report to the admins, who may read only reported threads. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportedByUserId: integer('reported_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportReason: text('report_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('message_threads_pair').on(t.userLowId, t.userHighId),
    index('message_threads_low_idx').on(t.userLowId, t.lastMessageAt),
    index('message_threads_high_idx').on(t.userHighId, t.lastMessageAt),
    index('message_threads_started_idx').on(t.startedByUserId, t.createdAt),
    check('message_threads_pair_order', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** A message of a thread: plain text as stored (masked before the pair had a booking), never HTML. */
export const threadMessages = pgTable(
  'thread_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Contact details were hidden when it was written (src/shared/contact-details.ts). */
    masked: boolean('masked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('thread_messages_thread_idx').on(t.threadId, t.id)],
);

/** A user blocked another: no messages either way while the row exists. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerUserId: integer('blocker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: integer('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerUserId, t.blockedUserId] }),
    index('user_blocks_blocked_idx').on(t.blockedUserId),
  ],
);

// ---- One outbox for every message, SMS, verified phones, choices (issue 26, docs/messaging.md) ----

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;

/**
 * Every outgoing e-mail and SMS: written in the transaction of the event that causes it, sent by the
 * outbox job (claimed with `FOR UPDATE SKIP LOCKED`, leased for OUTBOX_LEASE_MS), retried with
 * back-off, given up after OUTBOX_GIVE_UP_MS. `skipped` when, at sending, the user's choices, an
 * opt-out or an unverified number say no (with the reason in `last_error`).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** The choice it falls under (src/shared/notification-channels.ts), `account` always goes. */
    kind: text('kind', { enum: ['lessons', 'payments', 'messages', 'teaching', 'account'] }).notNull(),
    /** What it is, e.g. `payment_receipt`, `lesson_reminder`, `verification_code` (quiet hours). */
    purpose: text('purpose').notNull(),
    /** The user it is for (null: an address without an account, e.g. a sign-up to a taken e-mail). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An e-mail address, or a phone as `2547xxxxxxxx`. */
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this (back-off, quiet hours). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's id for it (Africa's Talking messageId, SMTP message id) and its word on it. */
    providerId: text('provider_id'),
    providerStatus: text('provider_status'),
    /** What the provider charged, as it says it (Africa's Talking: "KES 0.8000"). */
    cost: text('cost'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.notBefore, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_messages_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('outbox_messages_provider_idx').on(t.channel, t.providerId),
  ],
);

/** A phone number a user proved with a code (issue 26); SMS goes only to a verified number. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `2547xxxxxxxx`. */
    phone: text('phone').notNull(),
    /** scrypt/HMAC of the 6-digit code, never the code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_verifications_user_idx').on(t.userId, t.createdAt)],
);

/** Numbers that replied STOP (Africa's Talking opt-out callback): no SMS to them until they opt in. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's channel choices per kind (src/shared/notification-channels.ts); defaults when absent. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Short app links for SMS: `{APP_URL}/l/{code}` redirects to `path` (a path of this site). */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  path: text('path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the development SMS sandbox received (issue 26, `sms` part): it stands in for Africa's
 * Talking, so `/dev/sms` shows each SMS that would have gone out, with the delivery status the
 * sandbox reported back. Never written with a real Africa's Talking account.
 */
export const sandboxSmsMessages = pgTable('sandbox_sms_messages', {
  id: serial('id').primaryKey(),
  /** The `messageId` the sandbox answered with (`ATXid_…`). */
  messageId: text('message_id').notNull().unique(),
  /** As the request named it: `+2547xxxxxxxx`. */
  to: text('to').notNull(),
  from: text('from'),
  text: text('text').notNull(),
  /** `Sent` when accepted, then the delivery report's status (`Success`). */
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
