// Learners' reports of a held lesson and admins' decisions on them (docs/classroom.md "Attendance and
// pay"). A booked learner, or the parent of one, reports a problem during the hold; the teacher's
// earning then waits for an admin, who decides once: `pay` (nothing refunded) or `refund` (the
// reporter's paid bookings of the lesson refunded to the wallets that paid). The decision that
// leaves the lesson with no open report credits the teacher, if the hold is over (`settleOne`).
//
// Locks: a report is written under the lesson's row lock (step 1 of docs/commerce.md "Lock order"),
// the lock the earnings job's release takes too, so a report either comes before the release (and
// stops it) or finds the earning paid (422). A decision claims the report's row (`UPDATE … WHERE
// status = 'open'`, so a second decision is a 409), then locks the lesson, its bookings and the
// payers' wallets, in that order.
import { and, asc, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client';
import {
  bookings,
  lessonAttendance,
  lessonReports,
  lessons,
  parents,
  students,
  teachers,
  topics,
  users,
} from '../db/schema';
import { HttpError, notFound, ValidationError } from '../http/errors';
import type { PageRequest } from '../http/query';
import {
  REPORT_REASON_LABELS,
  reportWindow,
  type ReportDecision,
  type ReportReason,
} from '../../src/shared/classroom';
import { t } from '../../src/shared/messages';
import { lessonName, lessonUrl, nairobiWhen, recordActivity } from './activity-service';
import { settleOne, type EarningsContext } from './earnings-service';
import { refundBooking } from './lesson-cancellation-service';
import { lockBookingsOf, lockLessons, lockWalletsOf } from './lesson-seats';
import { notify } from './notification-service';
import { sendNotice } from '../messaging/notices';
import { bookingRefundedNotice } from '../messaging/texts';
import { centsToDecimal } from '../resources/money';
import { formatKes } from '../../src/shared/format';
import { pagedIds } from './paged';
import { lessonBookings, lessonTitle } from './teacher-lesson-service';

type Db = Database | Transaction;
type LessonRow = typeof lessons.$inferSelect;
export type ReportRow = typeof lessonReports.$inferSelect;

export const REPORT_LIST_STATUSES = ['open', 'resolved'] as const;
export type ReportListStatus = (typeof REPORT_LIST_STATUSES)[number];

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The learners `userId` speaks for on the lesson: their own student, or their children, booked on it. */
async function learnersOf(db: Db, lessonIds: number[], userIds: number[]) {
  if (lessonIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({
      lessonId: bookings.lessonId,
      studentId: students.id,
      firstName: users.firstName,
      lastName: users.lastName,
      learnerUserId: students.userId,
      parentUserId: parents.userId,
    })
    .from(bookings)
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .where(
      and(
        inArray(bookings.lessonId, lessonIds),
        or(inArray(students.userId, userIds), inArray(parents.userId, userIds)),
      ),
    )
    .orderBy(asc(bookings.id));
}

const speaksFor = (row: { learnerUserId: number; parentUserId: number | null }, userId: number) =>
  row.learnerUserId === userId || row.parentUserId === userId;

/** The reporter's view of a report: `{id, lesson_id, reason, reason_label, text, status, remark, …}`. */
export function reportResource(report: ReportRow) {
  return {
    id: report.id,
    lesson_id: report.lessonId,
    reason: report.reason,
    reason_label: REPORT_REASON_LABELS[report.reason],
    text: report.text,
    status: report.status,
    remark: report.remark,
    created_at: report.createdAt.toISOString(),
    resolved_at: iso(report.resolvedAt),
  };
}

// ---- A learner reports ----

/** 422 on `lesson` unless the lesson is held and its report window is open at `now`. */
function checkReportable(lesson: LessonRow, now: Date): void {
  const refuse = (key: Parameters<typeof t>[0]) => ValidationError.field('lesson', t(key));
  const window = reportWindow(lesson);
  if (now.getTime() < window.opensAt.getTime()) throw refuse('delivery.reportNotEnded');
  if (lesson.outcome === 'not_held') throw refuse('delivery.reportNotHeld');
  if (lesson.outcome === null) throw refuse('delivery.reportPending');
  if (now.getTime() >= window.closesAt.getTime() || lesson.earningsSettledAt !== null)
    throw refuse('delivery.reportClosed');
}

/**
 * `POST /api/lessons/report/{id}`: a booked learner or the parent of one reports a problem with a held
 * lesson, once. Anyone else gets 404 (the lesson's classroom is not theirs); the teacher is told.
 */
export async function createReport(
  db: Database,
  userId: number,
  lessonId: number,
  body: { reason: ReportReason; text: string },
  now = new Date(),
): Promise<ReportRow> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson || lesson.cancelledAt !== null) throw notFound();
  const learners = await learnersOf(db, [lesson.id], [userId]);
  if (learners.length === 0) throw notFound();
  checkReportable(lesson, now);
  return db.transaction(async (tx) => {
    // Lock order step 1: the lesson's row, which the release of its earning takes too.
    const [locked] = await lockLessons(tx, [lesson.id]);
    if (!locked) throw notFound();
    checkReportable(locked, now);
    const [report] = await tx
      .insert(lessonReports)
      .values({
        lessonId: lesson.id,
        reporterUserId: userId,
        reason: body.reason,
        text: body.text.trim() || null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!report) throw new HttpError(409, t('delivery.reportTwice'));
    const [reporter] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    const [teacher] = await tx
      .select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, locked.teacherId));
    if (teacher) {
      const name = await lessonTitle(tx, locked);
      const text = t('delivery.reportText', {
        reporter: reporter ? fullName(reporter) : '',
        lesson: name,
        reason: REPORT_REASON_LABELS[report.reason],
      });
      const url = lessonUrl(locked.code);
      await recordActivity(tx, { userId: teacher.userId, type: 'booking', text, url });
      await notify(tx, {
        userId: teacher.userId,
        type: 'lesson_report',
        data: {
          title: t('delivery.reportTitle'),
          body: text,
          url,
          lesson_id: locked.id,
          lesson_code: locked.code,
          report_id: report.id,
        },
      });
    }
    return report;
  });
}

// ---- Admins: the list ----

const reporterUser = alias(users, 'reporter_user');
const teacherUser = alias(users, 'teacher_user');

/** Admin's view: the report, its lesson, the reporter, the learners they speak for, the attendance. */
async function adminReports(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      report: lessonReports,
      lesson: {
        id: lessons.id,
        code: lessons.code,
        topicName: topics.name,
        startAt: lessons.startAt,
        endAt: lessons.endAt,
        outcome: lessons.outcome,
      },
      teacher: {
        id: teachers.id,
        userId: teacherUser.id,
        firstName: teacherUser.firstName,
        lastName: teacherUser.lastName,
      },
      reporter: {
        id: reporterUser.id,
        firstName: reporterUser.firstName,
        lastName: reporterUser.lastName,
        email: reporterUser.email,
      },
    })
    .from(lessonReports)
    .innerJoin(lessons, eq(lessons.id, lessonReports.lessonId))
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .innerJoin(teacherUser, eq(teacherUser.id, teachers.userId))
    .innerJoin(reporterUser, eq(reporterUser.id, lessonReports.reporterUserId))
    .where(inArray(lessonReports.id, ids));
  const lessonIds = [...new Set(rows.map((row) => row.lesson.id))];
  const [learners, attendance] = await Promise.all([
    learnersOf(
      db,
      lessonIds,
      rows.map((row) => row.reporter.id),
    ),
    lessonIds.length
      ? db
          .select({
            lessonId: lessonAttendance.lessonId,
            userId: lessonAttendance.userId,
            role: lessonAttendance.role,
            firstJoinedAt: lessonAttendance.firstJoinedAt,
            lastJoinedAt: lessonAttendance.lastJoinedAt,
            joins: lessonAttendance.joins,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(lessonAttendance)
          .innerJoin(users, eq(users.id, lessonAttendance.userId))
          .where(inArray(lessonAttendance.lessonId, lessonIds))
          .orderBy(asc(lessonAttendance.firstJoinedAt), asc(lessonAttendance.id))
      : Promise.resolve([]),
  ]);
  const byId = new Map(
    rows.map((row) => {
      const joined = attendance.filter((entry) => entry.lessonId === row.lesson.id);
      const spoken = learners.filter(
        (learner) => learner.lessonId === row.lesson.id && speaksFor(learner, row.reporter.id),
      );
      return [
        row.report.id,
        {
          ...reportResource(row.report),
          lesson: {
            id: row.lesson.id,
            code: row.lesson.code,
            title: lessonName(row.lesson),
            start_at: row.lesson.startAt.toISOString(),
            end_at: row.lesson.endAt.toISOString(),
            outcome: row.lesson.outcome,
            teacher: { id: row.teacher.id, user_id: row.teacher.userId, name: fullName(row.teacher) },
          },
          reporter: { id: row.reporter.id, name: fullName(row.reporter), email: row.reporter.email },
          learners: spoken.map((learner) => ({
            student_id: learner.studentId,
            name: fullName(learner),
            attended: joined.some(
              (entry) =>
                entry.userId === learner.learnerUserId ||
                (learner.parentUserId !== null && entry.userId === learner.parentUserId),
            ),
          })),
          attendance: joined.map((entry) => ({
            user_id: entry.userId,
            name: fullName(entry),
            role: entry.role,
            first_joined_at: entry.firstJoinedAt.toISOString(),
            last_joined_at: entry.lastJoinedAt.toISOString(),
            joins: entry.joins,
          })),
        },
      ] as const;
    }),
  );
  return ids.flatMap((id) => {
    const found = byId.get(id);
    return found ? [found] : [];
  });
}

/** `GET /api/admin/reports?status=open|resolved`: open ones oldest first, decided ones newest first. */
export async function listReports(db: Database, status: ReportListStatus, page: PageRequest) {
  const where: SQL = status === 'open' ? eq(lessonReports.status, 'open') : ne(lessonReports.status, 'open');
  const order =
    status === 'open'
      ? [asc(lessonReports.createdAt), asc(lessonReports.id)]
      : [desc(lessonReports.resolvedAt), desc(lessonReports.id)];
  const { ids, meta } = await pagedIds(db, page, lessonReports, where, order);
  return { data: await adminReports(db, ids), meta };
}

// ---- Admins: the decision ----

/**
 * `POST /api/admin/reports/resolve/{id}`: decides an open report once (409 when decided, 404 when
 * there is none). `refund` refunds the reporter's paid bookings of the lesson; either way the reporter
 * and the teacher see the remark, and the teacher is credited at once if this was the lesson's last
 * open report and its hold is over (else the job does it when the hold ends).
 */
export async function resolveReport(
  ctx: EarningsContext,
  adminUserId: number,
  reportId: number,
  body: { decision: ReportDecision; remark: string },
  now = new Date(),
) {
  const remark = body.remark.trim();
  const lessonId = await ctx.db.transaction(async (tx) => {
    // The report first (a second decision waits here, then finds it decided), then lock order steps
    // 1, 3 and 4: the lesson, its bookings, the payers' wallets.
    const [report] = await tx
      .update(lessonReports)
      .set({
        status: body.decision === 'pay' ? 'paid' : 'refunded',
        remark,
        resolvedByUserId: adminUserId,
        resolvedAt: now,
        updatedAt: now,
      })
      .where(and(eq(lessonReports.id, reportId), eq(lessonReports.status, 'open')))
      .returning();
    if (!report) {
      const [exists] = await tx
        .select({ id: lessonReports.id })
        .from(lessonReports)
        .where(eq(lessonReports.id, reportId));
      throw exists ? new HttpError(409, t('delivery.reportDecided')) : notFound();
    }
    const [lesson] = await lockLessons(tx, [report.lessonId]);
    if (!lesson) throw notFound();
    const name = await lessonTitle(tx, lesson);
    if (body.decision === 'refund') {
      await lockBookingsOf(tx, lesson.id);
      const spoken = new Set(
        (await learnersOf(tx, [lesson.id], [report.reporterUserId]))
          .filter((learner) => speaksFor(learner, report.reporterUserId))
          .map((learner) => learner.studentId),
      );
      const theirs = (await lessonBookings(tx, lesson.id)).filter((booking) => spoken.has(booking.studentId));
      await lockWalletsOf(
        tx,
        theirs.flatMap((booking) => (booking.payerUserId === null ? [] : [booking.payerUserId])),
      );
      for (const booking of theirs) {
        const refunded = await refundBooking(
          tx,
          lesson,
          booking,
          t('delivery.reportRefundNote', { lesson: name }),
          now,
        );
        // Issue 26: the upheld report's refund by e-mail and SMS to whoever paid, with the decision.
        if (refunded !== null && booking.payerUserId !== null && ctx.config.appUrl !== undefined)
          await sendNotice(tx, ctx.config.appUrl, booking.payerUserId, () =>
            bookingRefundedNotice({
              lesson: name,
              when: nairobiWhen(lesson.startAt),
              amount: formatKes(centsToDecimal(refunded)),
              cause: 'report',
            }),
          );
      }
    }
    const url = lessonUrl(lesson.code);
    const [teacher] = await tx
      .select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, lesson.teacherId));
    const told = [
      {
        userId: report.reporterUserId,
        text: t(body.decision === 'pay' ? 'delivery.decisionPayText' : 'delivery.decisionRefundText', {
          lesson: name,
          remark,
        }),
      },
      ...(teacher
        ? [
            {
              userId: teacher.userId,
              text: t(
                body.decision === 'pay'
                  ? 'delivery.decisionTeacherPayText'
                  : 'delivery.decisionTeacherRefundText',
                { lesson: name, remark },
              ),
            },
          ]
        : []),
    ];
    for (const person of told) {
      await recordActivity(tx, { userId: person.userId, type: 'booking', text: person.text, url });
      await notify(tx, {
        userId: person.userId,
        type: 'lesson_report',
        data: {
          title: t('delivery.decisionTitle'),
          body: person.text,
          url,
          lesson_id: lesson.id,
          lesson_code: lesson.code,
          report_id: report.id,
          decision: body.decision,
          remark,
        },
      });
    }
    return lesson.id;
  });
  // The decision has committed; crediting the teacher is its own transaction (the job retries it).
  try {
    await settleOne(ctx, lessonId, now);
  } catch (error) {
    ctx.log?.warn({ err: error, lessonId }, 'earning not credited after a report decision; the job retries');
  }
  const [data] = await adminReports(ctx.db, [reportId]);
  return {
    message: t(body.decision === 'pay' ? 'delivery.resolvedPay' : 'delivery.resolvedRefund'),
    data,
  };
}
