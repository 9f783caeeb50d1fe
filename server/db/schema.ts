// Database schema (drizzle, PostgreSQL). SQL names are snake_case; money is integer cents.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

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

export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  color: text('color').notNull(),
  ...timestamps,
});

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

export const teachers = pgTable('teachers', {
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
  ...timestamps,
});

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
  withdrawalNo: text('withdrawal_no'),
  withdrawalProvider: text('withdrawal_provider'),
  ...timestamps,
});
