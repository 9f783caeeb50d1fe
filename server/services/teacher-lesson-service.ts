// A teacher's own lessons (docs/teaching-admin.md "Teacher endpoints"): the lists by state, the
// create form's choices, creating a series in one transaction, editing (an unbooked lesson goes back
// to pending; a booked one can only be rescheduled, and its learners are told), and the lesson page
// with its learners, notes and assignments.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client';
import {
  assignments,
  bookings,
  classes,
  curricula,
  educationLevels,
  gradeLevels,
  lessonReminders,
  lessons,
  notes,
  orderItems,
  orders,
  parents,
  programs,
  students,
  subjects,
  teacherSubjects,
  teachers,
  topics,
  users,
} from '../db/schema';
import { HttpError, notFound, throwIfInvalid, unauthorized, ValidationError } from '../http/errors';
import type { PageRequest } from '../http/query';
import { teacherLessonResource, type LessonCounts, type LessonLearner } from '../resources/teaching-resource';
import { fitsSubjectAndGrade } from '../../src/shared/catalogue';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import {
  LESSON_TYPES,
  SERIES_FREQUENCIES,
  type SeriesFrequency,
  type TEACHER_LESSON_FILTERS,
} from '../../src/shared/teaching';
import { attendanceOf } from './classroom-service';
import { lessonName, lessonUrl, nairobiWhen, recordActivity } from './activity-service';
import { lessonMaterials, loadLessons } from './lesson-service';
import { notify } from './notification-service';
import { sendNotice } from '../messaging/notices';
import { lessonMovedNotice } from '../messaging/texts';
import { pagedIds } from './paged';
import { REMINDER_LEAD_MS } from './reminder-service';
import { lessonEnd, nairobiAt, scheduleProblem, seriesStarts } from './scheduling';
import { seatEarns, seatGross, seatPlan } from './seat-gross';

type Db = Database | Transaction;
export type TeacherRow = typeof teachers.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type TeacherLessonFilter = (typeof TEACHER_LESSON_FILTERS)[number];
type LessonType = (typeof LESSON_TYPES)[number];

/** The signed-in teacher's profile (the role guard ran first; a teacher without one is refused). */
export async function teacherOf(db: Db, userId: number): Promise<TeacherRow> {
  const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, userId));
  if (!teacher) throw unauthorized();
  return teacher;
}

/** Only an approved teacher creates lessons and classes (403 with the reason otherwise). */
export function requireApproved(teacher: TeacherRow): void {
  if (teacher.status !== 'approved') throw new HttpError(403, t('teaching.cannotCreate'));
}

/** One of the teacher's lessons by id, or a 404 (someone else's lessons do not exist for them). */
export async function ownLesson(db: Db, teacherId: number, where: SQL, lock = false): Promise<LessonRow> {
  const query = db
    .select()
    .from(lessons)
    .where(and(where, eq(lessons.teacherId, teacherId)));
  const [lesson] = lock ? await query.for('update') : await query;
  if (!lesson) throw notFound();
  return lesson;
}

// ---- TeacherLesson ----

async function lessonCounts(db: Db, ids: number[]): Promise<Map<number, LessonCounts>> {
  const counts = new Map(ids.map((id) => [id, { bookings: 0, notes: 0, assignments: 0 }]));
  if (ids.length === 0) return counts;
  const [booked, noted, assigned] = await Promise.all([
    db
      .select({ id: bookings.lessonId, total: count() })
      .from(bookings)
      .where(inArray(bookings.lessonId, ids))
      .groupBy(bookings.lessonId),
    db
      .select({ id: notes.lessonId, total: count() })
      .from(notes)
      .where(inArray(notes.lessonId, ids))
      .groupBy(notes.lessonId),
    db
      .select({ id: assignments.lessonId, total: count() })
      .from(assignments)
      .where(inArray(assignments.lessonId, ids))
      .groupBy(assignments.lessonId),
  ]);
  for (const row of booked) counts.get(row.id)!.bookings = Number(row.total);
  for (const row of noted) counts.get(row.id)!.notes = Number(row.total);
  for (const row of assigned) counts.get(row.id)!.assignments = Number(row.total);
  return counts;
}

/** TeacherLessons for `ids`, in that order. */
export async function teacherLessons(db: Db, ids: number[], now = new Date()) {
  const [details, counts] = await Promise.all([loadLessons(db as Database, ids), lessonCounts(db, ids)]);
  return ids.flatMap((id) => {
    const lesson = details.get(id);
    const counted = counts.get(id);
    return lesson && counted ? [teacherLessonResource(lesson, counted, now)] : [];
  });
}

async function teacherLesson(db: Db, id: number, now = new Date()) {
  const [resource] = await teacherLessons(db, [id], now);
  if (!resource) throw notFound();
  return resource;
}

// ---- Lists ----

function filterOf(filter: TeacherLessonFilter, now: Date): { where: SQL | undefined; order: SQL[] } {
  const live = isNull(lessons.cancelledAt);
  switch (filter) {
    case 'upcoming':
      return {
        where: and(live, eq(lessons.isApproved, true), gt(lessons.endAt, now)),
        order: [asc(lessons.startAt), asc(lessons.id)],
      };
    case 'past':
      return {
        where: and(live, eq(lessons.isApproved, true), lte(lessons.endAt, now)),
        order: [desc(lessons.startAt), desc(lessons.id)],
      };
    case 'pending':
      return {
        where: and(live, eq(lessons.isApproved, false), isNull(lessons.rejectionComment)),
        order: [asc(lessons.startAt), asc(lessons.id)],
      };
    case 'rejected':
      return {
        where: and(live, eq(lessons.isApproved, false), isNotNull(lessons.rejectionComment)),
        order: [desc(lessons.updatedAt), desc(lessons.id)],
      };
    case 'cancelled':
      return { where: isNotNull(lessons.cancelledAt), order: [desc(lessons.cancelledAt), desc(lessons.id)] };
  }
}

/** `GET /api/teacher/lessons?filter=`: one page of the teacher's lessons in that state. */
export async function listLessons(
  db: Database,
  teacherId: number,
  filter: TeacherLessonFilter,
  page: PageRequest,
  now = new Date(),
) {
  const { where: state, order } = filterOf(filter, now);
  const where = and(eq(lessons.teacherId, teacherId), state);
  const { ids, meta } = await pagedIds(db, page, lessons, where, order);
  const data = await teacherLessons(db, ids, now);
  return { data, meta };
}

// ---- The create form ----

/** `GET /api/teacher/lessons/create`: the choices of the form, narrowed to the teacher's subjects. */
export async function createData(db: Database, teacher: TeacherRow, now = new Date()) {
  const own = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(eq(teacherSubjects.teacherId, teacher.id))
    .orderBy(asc(subjects.name));
  const subjectIds = own.map((subject) => subject.id);
  const [grades, topicRows, programRows, classRows] = await Promise.all([
    db
      .select({
        id: gradeLevels.id,
        name: gradeLevels.name,
        level: { id: educationLevels.id, name: educationLevels.name },
      })
      .from(gradeLevels)
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
      .orderBy(asc(educationLevels.curriculumId), asc(educationLevels.position), asc(gradeLevels.position)),
    subjectIds.length
      ? db
          .select({
            id: topics.id,
            name: topics.name,
            subjectId: topics.subjectId,
            gradeLevelId: topics.gradeLevelId,
          })
          .from(topics)
          .where(inArray(topics.subjectId, subjectIds))
          .orderBy(asc(topics.name), asc(topics.id))
      : Promise.resolve([]),
    subjectIds.length
      ? db
          .select({
            id: programs.id,
            name: programs.name,
            curriculum: { id: curricula.id, name: curricula.name },
            subjectId: programs.subjectId,
            gradeLevelId: programs.gradeLevelId,
          })
          .from(programs)
          .innerJoin(curricula, eq(curricula.id, programs.curriculumId))
          .where(inArray(programs.subjectId, subjectIds))
          .orderBy(asc(programs.name))
      : Promise.resolve([]),
    db
      .select({ id: classes.id, title: classes.title })
      .from(classes)
      .where(and(eq(classes.teacherId, teacher.id), gt(classes.endsAt, now)))
      .orderBy(asc(classes.startsAt), asc(classes.id)),
  ]);
  const canCreate = teacher.status === 'approved';
  return {
    can_create: canCreate,
    reason: canCreate ? null : t('teaching.cannotCreate'),
    subjects: own,
    grade_levels: grades.map((grade) => ({ id: grade.id, name: grade.name, edu_level: grade.level })),
    topics: topicRows.map((topic) => ({
      id: topic.id,
      name: topic.name,
      subject_id: topic.subjectId,
      grade_level_id: topic.gradeLevelId,
    })),
    programs: programRows.map((program) => ({
      id: program.id,
      name: program.name,
      curriculum: program.curriculum,
      subject_id: program.subjectId,
      grade_level_id: program.gradeLevelId,
    })),
    classes: classRows,
    types: [...LESSON_TYPES],
    frequencies: [...SERIES_FREQUENCIES],
  };
}

// ---- Store and update ----

export type LessonInput = {
  subjectId: number;
  gradeLevelId: number;
  topicId: number;
  programId: number | null;
  classId: number | null;
  type: LessonType;
  objective: string;
  priceCents: number;
  /** Seats (null: no limit); 1 for a private lesson. */
  capacity: number | null;
  date: string;
  time: string;
};

/** The body's ids name things the teacher may use: one of their subjects, its topic, their class. */
async function refProblems(db: Db, teacher: TeacherRow, input: LessonInput, now: Date): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  // One after another: on PostgreSQL `db` may be a transaction's single connection.
  const [subject] = await db
    .select({ id: teacherSubjects.subjectId })
    .from(teacherSubjects)
    .where(and(eq(teacherSubjects.teacherId, teacher.id), eq(teacherSubjects.subjectId, input.subjectId)));
  const [grade] = await db
    .select({ id: gradeLevels.id })
    .from(gradeLevels)
    .where(eq(gradeLevels.id, input.gradeLevelId));
  const [topic] = await db.select().from(topics).where(eq(topics.id, input.topicId));
  const [program] =
    input.programId === null
      ? []
      : await db
          .select({ subjectId: programs.subjectId, gradeLevelId: programs.gradeLevelId })
          .from(programs)
          .where(eq(programs.id, input.programId));
  const [lessonClass] =
    input.classId === null
      ? []
      : await db
          .select({ id: classes.id })
          .from(classes)
          .where(
            and(eq(classes.id, input.classId), eq(classes.teacherId, teacher.id), gt(classes.endsAt, now)),
          );
  if (!subject) errors.subjectId = [t('teaching.ownSubject')];
  if (!grade) errors.gradeLevelId = [t('validation.choice')];
  // The same rule as the lesson form's topic and programme lists (src/shared/catalogue.ts).
  if (!topic || !fitsSubjectAndGrade(topic, input.subjectId, input.gradeLevelId))
    errors.topicId = [t('teaching.topicOfSubject')];
  if (input.programId !== null && !program) errors.programId = [t('validation.choice')];
  else if (program && !fitsSubjectAndGrade(program, input.subjectId, input.gradeLevelId))
    errors.programId = [t('teaching.programOfSubject')];
  if (input.classId !== null && !lessonClass) errors.classId = [t('teaching.ownClass')];
  return errors;
}

const snakeErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([key, list]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), list]),
  );

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newLessonCode = () =>
  `LSN-${[...randomBytes(8)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')}`;

/** The columns a new or edited lesson gets from the form: it waits for an admin again. */
const pendingLesson = (input: LessonInput, start: Date) => ({
  topicId: input.topicId,
  programId: input.programId,
  classId: input.classId,
  type: input.type,
  objective: input.objective,
  priceCents: input.priceCents,
  capacity: input.capacity,
  startAt: start,
  endAt: lessonEnd(start),
  isApproved: false,
  rejectionComment: null,
});

/**
 * Serialises the writes to one teacher's timetable (store, move), so two cannot take one slot.
 * Lock order (docs/commerce.md): the teacher comes before any lesson, and payments never lock it.
 */
async function lockTeacher(tx: Transaction, teacherId: number) {
  await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
}

/** `POST /api/teacher/lessons/store`: the whole series or nothing (422 naming the first clash on `time`). */
export async function storeLessons(
  db: Database,
  teacher: TeacherRow,
  input: LessonInput & { lessonsCount: number; frequency: SeriesFrequency },
  now = new Date(),
) {
  requireApproved(teacher);
  const starts = seriesStarts(input.date, input.time, input.lessonsCount, input.frequency);
  // The lessons of one store are one series: an admin may decide them at once (issue 24).
  const seriesId = randomUUID();
  const ids = await db.transaction(async (tx) => {
    throwIfInvalid(snakeErrors(await refProblems(tx, teacher, input, now)));
    await lockTeacher(tx, teacher.id);
    const problem = await scheduleProblem(tx, teacher.id, starts, { now });
    if (problem) throw ValidationError.field('time', problem);
    const rows = await tx
      .insert(lessons)
      .values(
        starts.map((start) => ({
          ...pendingLesson(input, start),
          code: newLessonCode(),
          teacherId: teacher.id,
          seriesId,
        })),
      )
      .returning({ id: lessons.id });
    return rows.map((row) => row.id);
  });
  return teacherLessons(db, ids, now);
}

/**
 * `POST /api/teacher/lessons/update/{id}`. Unbooked: any change, and the lesson is pending again.
 * Booked: only the date and time may change (409 otherwise); it stays approved, its reminders move
 * with it and every booking's payer (or learner) hears of the new time.
 */
export async function updateLesson(
  db: Database,
  teacher: TeacherRow,
  id: number,
  input: LessonInput,
  /** `config.appUrl`: the links of the messages a reschedule writes (issue 26). */
  appUrl: string,
  now = new Date(),
) {
  await ownLesson(db, teacher.id, eq(lessons.id, id));
  const start = nairobiAt(input.date, input.time);
  const outcome = await db.transaction(async (tx) => {
    await lockTeacher(tx, teacher.id);
    const lesson = await ownLesson(tx, teacher.id, eq(lessons.id, id), true);
    if (lesson.cancelledAt || lesson.startAt.getTime() <= now.getTime())
      throw new HttpError(409, t('teaching.cannotChange'));
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(bookings)
      .where(eq(bookings.lessonId, id));
    const booked = Number(total) > 0;
    const moved = start.getTime() !== lesson.startAt.getTime();
    if (booked) {
      const changed =
        input.topicId !== lesson.topicId ||
        input.programId !== lesson.programId ||
        input.classId !== lesson.classId ||
        input.type !== lesson.type ||
        input.objective !== lesson.objective ||
        input.priceCents !== lesson.priceCents ||
        input.capacity !== lesson.capacity;
      if (changed) throw new HttpError(409, t('teaching.rescheduleOnly'));
    } else {
      throwIfInvalid(snakeErrors(await refProblems(tx, teacher, input, now)));
    }
    if (moved) {
      const problem = await scheduleProblem(tx, teacher.id, [start], { now, exceptId: id });
      if (problem) throw ValidationError.field('time', problem);
    }
    if (booked) {
      if (!moved) return 'unchanged' as const;
      await tx
        .update(lessons)
        .set({ startAt: start, endAt: lessonEnd(start), updatedAt: now })
        .where(eq(lessons.id, id));
      await moveReminders(tx, id, start);
      // Issue 24 (cancel): each learner may keep the new time or cancel in full until it starts.
      await tx.update(bookings).set({ movedAt: now }).where(eq(bookings.lessonId, id));
      await tellRescheduled(tx, { ...lesson, startAt: start }, appUrl);
      return 'rescheduled' as const;
    }
    await tx
      .update(lessons)
      .set({ ...pendingLesson(input, start), updatedAt: now })
      .where(eq(lessons.id, id));
    return 'edited' as const;
  });
  return { outcome, lesson: await teacherLesson(db, id, now) };
}

/** A moved lesson's unsent reminders are due an hour before its new start. */
async function moveReminders(tx: Transaction, lessonId: number, start: Date) {
  const ofLesson = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.lessonId, lessonId));
  await tx
    .update(lessonReminders)
    .set({ dueAt: new Date(start.getTime() - REMINDER_LEAD_MS), claimedUntil: null })
    .where(and(inArray(lessonReminders.bookingId, ofLesson), isNull(lessonReminders.sentAt)));
}

async function tellRescheduled(tx: Transaction, lesson: LessonRow, appUrl: string) {
  const name = await lessonTitle(tx, lesson);
  const text = t('teaching.rescheduledText', { lesson: name, when: nairobiWhen(lesson.startAt) });
  const url = lessonUrl(lesson.code);
  const told = new Set<number>();
  for (const booking of await lessonBookings(tx, lesson.id)) {
    const userId = booking.recipientUserId;
    if (userId === null || told.has(userId)) continue;
    told.add(userId);
    await recordActivity(tx, { userId, type: 'booking', text, url });
    // Issue 26: the new time by e-mail and SMS, with the page to keep or cancel it.
    await sendNotice(tx, appUrl, userId, (recipient) =>
      lessonMovedNotice({
        child: recipient.child,
        lesson: name,
        when: nairobiWhen(lesson.startAt),
        path: url,
      }),
    );
    await notify(tx, {
      userId,
      type: 'lesson_rescheduled',
      data: {
        title: t('teaching.rescheduledTitle'),
        body: text,
        url,
        lesson_id: lesson.id,
        lesson_code: lesson.code,
        starts_at: lesson.startAt.toISOString(),
      },
    });
  }
}

/** "Algebra (LSN-…)": the lesson as the feed names it. */
export async function lessonTitle(db: Db, lesson: { code: string; topicId: number | null }) {
  const [topic] = lesson.topicId
    ? await db.select({ name: topics.name }).from(topics).where(eq(topics.id, lesson.topicId))
    : [];
  return lessonName({ code: lesson.code, topicName: topic?.name ?? null });
}

// ---- A lesson's bookings ----

const payer = alias(users, 'payer');

export type LessonBooking = LessonLearner & {
  orderId: number | null;
  orderStatus: 'paid' | 'refunded' | null;
  paymentTransactionId: number | null;
  payerUserId: number | null;
  refundTransactionId: number | null;
  /** Who hears of changes: the payer, else the learner with an e-mail, else their parent. */
  recipientUserId: number | null;
};

/** Every booking of a lesson with its learner, payer and what the order paid for this lesson. */
export async function lessonBookings(db: Db, lessonId: number): Promise<LessonBooking[]> {
  const paid = sql<number | null>`(select sum(${orderItems.priceCents} * ${orderItems.quantity})
    from ${orderItems} where ${orderItems.orderId} = ${bookings.orderId}
    and ${orderItems.purchasableType} = 'lesson' and ${orderItems.purchasableId} = ${bookings.lessonId})`.mapWith(
    Number,
  );
  // What the seat earns the teacher before commission (seat-gross.ts), and how a plan priced it.
  const gross = sql<number | null>`(select sum(${seatGross()})
    from ${orderItems} where ${orderItems.orderId} = ${bookings.orderId}
    and ${orderItems.purchasableType} = 'lesson' and ${orderItems.purchasableId} = ${bookings.lessonId})`.mapWith(
    Number,
  );
  const plan = sql<'covered' | 'discounted' | null>`(select ${seatPlan()}
    from ${orderItems} where ${orderItems.orderId} = ${bookings.orderId}
    and ${orderItems.purchasableType} = 'lesson' and ${orderItems.purchasableId} = ${bookings.lessonId}
    limit 1)`;
  const rows = await db
    .select({
      booking: bookings,
      learner: { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      parentUserId: parents.userId,
      order: {
        id: orders.id,
        userId: orders.userId,
        status: orders.status,
        transactionId: orders.transactionId,
      },
      payer: { firstName: payer.firstName, lastName: payer.lastName },
      paid,
      gross,
      plan,
      earns: seatEarns(),
    })
    .from(bookings)
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(payer, eq(payer.id, orders.userId))
    .where(eq(bookings.lessonId, lessonId))
    .orderBy(asc(bookings.id));
  return rows.map((row) => {
    const order = row.order?.id ? row.order : null;
    return {
      bookingId: row.booking.id,
      studentId: row.booking.studentId,
      studentName: `${row.learner.firstName} ${row.learner.lastName}`.trim(),
      payerName: order && row.payer ? `${row.payer.firstName} ${row.payer.lastName}`.trim() : null,
      paidCents: order?.status === 'paid' && row.paid !== null ? row.paid : null,
      takingsCents: order?.status !== 'paid' || row.gross === null ? null : row.earns ? row.gross : 0,
      plan: order?.status === 'paid' ? (row.plan ?? null) : null,
      bookedAt: row.booking.createdAt,
      // A seat its plan covered is refunded by giving the plan lesson back (no money moves).
      refunded: !row.earns,
      orderId: order?.id ?? null,
      orderStatus: order?.status ?? null,
      paymentTransactionId: order?.transactionId ?? null,
      payerUserId: order?.userId ?? null,
      refundTransactionId: row.booking.refundTransactionId,
      recipientUserId: order?.userId ?? (row.learner.email ? row.learner.userId : (row.parentUserId ?? null)),
    };
  });
}

/** `GET /api/teacher/lessons/show/{id or code}`: the teacher's lesson, its learners, materials and who came. */
export async function showLesson(db: Database, teacher: TeacherRow, ref: string, now = new Date()) {
  const named =
    /^\d+$/.test(ref) && Number(ref) <= 2_147_483_647 ? eq(lessons.id, Number(ref)) : eq(lessons.code, ref);
  const lesson = await ownLesson(db, teacher.id, named);
  const [resource, learners, materials, attendance] = await Promise.all([
    teacherLesson(db, lesson.id, now),
    lessonBookings(db, lesson.id),
    lessonMaterials(db, lesson.id),
    attendanceOf(db, lesson.id),
  ]);
  return { resource, learners, materials, attendance };
}
