// Staff decisions (docs/teaching-admin.md "Admin endpoints"): teachers' profiles, lessons and classes
// waiting for approval. A decision, the teacher's notification and their activity line commit in one
// database transaction, claimed with `… WHERE <still pending>` so two admins never decide twice; the
// e-mail to the teacher is written to the outbox in that transaction too (docs/messaging.md).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import {
  classes,
  curricula,
  educationLevels,
  lessons,
  subjects,
  teacherSubjects,
  teachers,
  topics,
  users,
} from '../db/schema';
import { decisionMail } from '../gateways/mail/templates';
import { HttpError, notFound } from '../http/errors';
import type { PageRequest } from '../http/query';
import { t, type MessageKey } from '../../src/shared/messages';
import { escapeLike } from './catalogue-service';
import { lessonName, lessonUrl, nairobiWhen, recordActivity } from './activity-service';
import { notify } from './notification-service';
import { enqueueEmail } from './outbox-service';
import { sendSmsTo } from '../messaging/notices';
import { teacherDecisionSms } from '../messaging/texts';
import { paged, pagedIds } from './paged';
import { teacherClasses } from './teacher-class-service';
import { teacherLessons } from './teacher-lesson-service';

type Db = Database | Transaction;

export const TEACHER_REVIEW_STATUSES = ['pending', 'approved', 'declined', 'new'] as const;
export type TeacherReviewStatus = (typeof TEACHER_REVIEW_STATUSES)[number];
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

// ---- Telling the teacher ----

type Decision = {
  /** The outbox purpose (docs/messaging.md), e.g. `teacher_approved`. */
  purpose: string;
  title: string;
  text: string;
  url: string;
  extra?: Record<string, unknown>;
};

/**
 * Inside the decision's transaction: the teacher's `approval` notification, activity line and e-mail
 * (in the outbox; none for a teacher without an address).
 */
async function tellTeacher(tx: Db, ctx: AppContext, teacherId: number, decision: Decision) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.id, teacherId));
  if (!user) throw notFound();
  await recordActivity(tx, { userId: user.id, type: 'approval', text: decision.text, url: decision.url });
  await notify(tx, {
    userId: user.id,
    type: 'approval',
    data: { title: decision.title, body: decision.text, url: decision.url, ...decision.extra },
  });
  if (!user.email) return;
  await enqueueEmail(tx, {
    kind: 'teaching',
    purpose: decision.purpose,
    userId: user.id,
    ...decisionMail(user.email, user.firstName, {
      subject: decision.title,
      text: decision.text,
      url: `${ctx.config.appUrl}${decision.url}`,
    }),
  });
}

/** A claim found nothing: the row is missing (404) or no longer waiting for a decision (409). */
async function refuse(
  db: Db,
  table: typeof teachers | typeof lessons | typeof classes,
  id: number,
  key: MessageKey,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row ? new HttpError(409, t(key)) : notFound();
}

// ---- Teachers ----

async function adminTeachers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const [rows, subjectRows] = await Promise.all([
    db
      .select({
        teacher: teachers,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
          photo: users.photo,
        },
        curriculum: { id: curricula.id, name: curricula.name },
        eduLevel: { id: educationLevels.id, name: educationLevels.name },
      })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .leftJoin(curricula, eq(curricula.id, teachers.curriculumId))
      .leftJoin(educationLevels, eq(educationLevels.id, teachers.eduLevelId))
      .where(inArray(teachers.id, ids)),
    db
      .select({ teacherId: teacherSubjects.teacherId, id: subjects.id, name: subjects.name })
      .from(teacherSubjects)
      .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
      .where(inArray(teacherSubjects.teacherId, ids))
      .orderBy(asc(subjects.name)),
  ]);
  const byId = new Map(rows.map((row) => [row.teacher.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { teacher, user } = row;
    return [
      {
        id: teacher.id,
        status: teacher.status,
        remark: teacher.remark,
        biography: teacher.biography,
        current_workplace: teacher.currentWorkplace,
        qualification_level: teacher.qualificationLevel,
        curriculum: row.curriculum?.id ? row.curriculum : null,
        edu_level: row.eduLevel?.id ? row.eduLevel : null,
        subjects: subjectRows
          .filter((subject) => subject.teacherId === teacher.id)
          .map((subject) => ({ id: subject.id, name: subject.name })),
        // Identity numbers leave the server only here, for the admin's check.
        id_number: teacher.idNumber,
        tsc_number: teacher.tscNumber,
        submitted_at: iso(teacher.submittedAt),
        reviewed_at: iso(teacher.reviewedAt),
        user: {
          id: user.id,
          name: fullName(user),
          email: user.email,
          phone: user.phone,
          photo: user.photo,
        },
      },
    ];
  });
}

async function adminTeacher(db: Db, id: number) {
  const [teacher] = await adminTeachers(db, [id]);
  if (!teacher) throw notFound();
  return teacher;
}

const TEACHER_ORDER: Record<TeacherReviewStatus, SQL[]> = {
  // The queue: who has waited longest comes first.
  pending: [sql`${teachers.submittedAt} asc nulls first`, asc(teachers.id)],
  approved: [sql`${teachers.reviewedAt} desc nulls last`, desc(teachers.id)],
  declined: [sql`${teachers.reviewedAt} desc nulls last`, desc(teachers.id)],
  new: [desc(teachers.createdAt), desc(teachers.id)],
};

export async function listTeachers(
  db: Database,
  filters: { status: TeacherReviewStatus; q: string },
  page: PageRequest,
) {
  const pattern = `%${escapeLike(filters.q)}%`;
  const where = and(
    eq(teachers.status, filters.status),
    filters.q
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
        )
      : undefined,
  );
  const { rows, meta } = await paged(
    page,
    db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(where)
      .orderBy(...TEACHER_ORDER[filters.status]),
    db.select({ total: count() }).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(where),
  );
  return {
    data: await adminTeachers(
      db,
      rows.map((row) => row.id),
    ),
    meta,
  };
}

/** pending → approved (public, may create lessons) or declined with the remark (back to completion). */
export async function decideTeacher(
  ctx: AppContext,
  teacherId: number,
  decision: { approve: true } | { approve: false; remark: string },
) {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(teachers)
      .set({
        status: decision.approve ? 'approved' : 'declined',
        remark: decision.approve ? null : decision.remark,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(teachers.id, teacherId), eq(teachers.status, 'pending')))
      .returning({ id: teachers.id });
    if (!claimed) throw await refuse(tx, teachers, teacherId, 'admin.teacherNotPending');
    await tellTeacher(
      tx,
      ctx,
      teacherId,
      decision.approve
        ? {
            purpose: 'teacher_approved',
            title: t('approval.teacherApprovedTitle'),
            text: t('approval.teacherApprovedText'),
            url: '/teaching/lessons',
          }
        : {
            purpose: 'teacher_declined',
            title: t('approval.teacherDeclinedTitle'),
            text: t('approval.teacherDeclinedText', { remark: decision.remark }),
            url: '/complete-profile/teacher',
          },
    );
    // Issue 26 (notices): the decision by SMS too, written with it.
    const [teacher] = await tx
      .select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, teacherId));
    if (teacher)
      await sendSmsTo(
        tx,
        ctx.config.appUrl,
        teacher.userId,
        'teaching',
        decision.approve ? 'teacher_approved' : 'teacher_declined',
        teacherDecisionSms(
          decision.approve,
          decision.approve ? '/teaching/lessons' : '/complete-profile/teacher',
        ),
      );
    return { teacher: await adminTeacher(tx, teacherId) };
  });
}

// ---- Lessons ----

const LESSON_STATE: Record<ReviewStatus, (now: Date) => SQL | undefined> = {
  // Only what an admin can still decide: not started.
  pending: (now) =>
    and(eq(lessons.isApproved, false), isNull(lessons.rejectionComment), gt(lessons.startAt, now)),
  approved: () => eq(lessons.isApproved, true),
  rejected: () => and(eq(lessons.isApproved, false), isNotNull(lessons.rejectionComment)),
};

const LESSON_ORDER: Record<ReviewStatus, SQL[]> = {
  pending: [asc(lessons.startAt), asc(lessons.id)],
  // Decided lists: the latest decision first.
  approved: [desc(lessons.updatedAt), desc(lessons.id)],
  rejected: [desc(lessons.updatedAt), desc(lessons.id)],
};

/** AdminLesson: the teacher's TeacherLesson (which names the teacher). */
const adminLessons = teacherLessons;

export async function listLessons(db: Database, status: ReviewStatus, page: PageRequest, now = new Date()) {
  // Cancelled lessons are nobody's decision any more.
  const where = and(isNull(lessons.cancelledAt), LESSON_STATE[status](now));
  const { ids, meta } = await pagedIds(db, page, lessons, where, LESSON_ORDER[status]);
  const [rows, waiting] = await Promise.all([adminLessons(db, ids, now), seriesWaiting(db, ids, now)]);
  return {
    // How many lessons of its series wait with it: the screen offers "Approve series" from 2 (issue 24).
    data: rows.map((row) => ({ ...row, series_pending: waiting.get(row.id) ?? 0 })),
    meta,
  };
}

/** For each lesson of `ids`: how many lessons of its series (itself included) wait for a decision; 0 without a series. */
async function seriesWaiting(db: Database, ids: number[], now: Date): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const mine = await db
    .select({ id: lessons.id, seriesId: lessons.seriesId })
    .from(lessons)
    .where(inArray(lessons.id, ids));
  const seriesIds = [...new Set(mine.flatMap((row) => (row.seriesId ? [row.seriesId] : [])))];
  const counts =
    seriesIds.length === 0
      ? []
      : await db
          .select({ seriesId: lessons.seriesId, total: count() })
          .from(lessons)
          .where(
            and(inArray(lessons.seriesId, seriesIds), isNull(lessons.cancelledAt), LESSON_STATE.pending(now)),
          )
          .groupBy(lessons.seriesId);
  const bySeries = new Map(counts.map((row) => [row.seriesId, Number(row.total)]));
  return new Map(mine.map((row) => [row.id, row.seriesId ? (bySeries.get(row.seriesId) ?? 0) : 0]));
}

/** A pending lesson that is not cancelled and has not started: approved (public, bookable) or rejected. */
export async function decideLesson(
  ctx: AppContext,
  lessonId: number,
  decision: { approve: true } | { approve: false; comment: string },
) {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await claimWaitingLessons(tx, eq(lessons.id, lessonId), decision, now);
    if (!claimed) throw await refuse(tx, lessons, lessonId, 'admin.lessonNotPending');
    const [topic] = await tx
      .select({ name: topics.name })
      .from(lessons)
      .innerJoin(topics, eq(topics.id, lessons.topicId))
      .where(eq(lessons.id, lessonId));
    const params = {
      lesson: lessonName({ code: claimed.code, topicName: topic?.name ?? null }),
      when: nairobiWhen(claimed.startAt),
    };
    await tellTeacher(tx, ctx, claimed.teacherId, {
      purpose: decision.approve ? 'lesson_approved' : 'lesson_rejected',
      // SPEC §4: "Your lesson registration has been approved" / "… failed approval".
      title: t(decision.approve ? 'lesson.approved' : 'lesson.rejected'),
      text: decision.approve
        ? t('approval.lessonApprovedText', params)
        : t('approval.lessonRejectedText', { ...params, comment: decision.comment }),
      url: lessonUrl(claimed.code),
      extra: { lesson_id: lessonId, lesson_code: claimed.code },
    });
    const [lesson] = await adminLessons(tx, [lessonId], now);
    if (!lesson) throw notFound();
    return { lesson };
  });
}

/**
 * Decides the lessons `which` picks that still wait for a decision (pending, not cancelled, not
 * started): one `UPDATE … WHERE` claims them, so of two admins only the first decides a lesson.
 */
function claimWaitingLessons(
  tx: Transaction,
  which: SQL,
  decision: { approve: true } | { approve: false; comment: string },
  now: Date,
) {
  return tx
    .update(lessons)
    .set({
      isApproved: decision.approve,
      rejectionComment: decision.approve ? null : decision.comment,
      updatedAt: now,
    })
    .where(
      and(
        which,
        eq(lessons.isApproved, false),
        isNull(lessons.rejectionComment),
        isNull(lessons.cancelledAt),
        gt(lessons.startAt, now),
      ),
    )
    .returning({
      id: lessons.id,
      code: lessons.code,
      teacherId: lessons.teacherId,
      startAt: lessons.startAt,
    });
}

/**
 * `POST /api/admin/lessons/approve-series/{id}` and `reject-series/{id}` (issue 24): every lesson
 * of the series lesson `lessonId` belongs to (the lessons one store made) that is still waiting:
 * pending, not cancelled, not started. Lessons already decided stay as they are. One notification
 * and one e-mail tell the teacher; a lesson made before series were recorded is a series of one.
 */
export async function decideSeries(
  ctx: AppContext,
  lessonId: number,
  decision: { approve: true } | { approve: false; comment: string },
) {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [first] = await tx
      .select({ id: lessons.id, seriesId: lessons.seriesId })
      .from(lessons)
      .where(eq(lessons.id, lessonId));
    if (!first) throw notFound();
    const claimed = await claimWaitingLessons(
      tx,
      first.seriesId === null ? eq(lessons.id, lessonId) : eq(lessons.seriesId, first.seriesId),
      decision,
      now,
    );
    const [earliest] = [...claimed].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    if (!earliest) throw new HttpError(409, t('teach.seriesNothing'));
    const [topic] = await tx
      .select({ name: topics.name })
      .from(lessons)
      .innerJoin(topics, eq(topics.id, lessons.topicId))
      .where(eq(lessons.id, earliest.id));
    const params = {
      lesson: lessonName({ code: earliest.code, topicName: topic?.name ?? null }),
      when: nairobiWhen(earliest.startAt),
    };
    const count = claimed.length;
    await tellTeacher(tx, ctx, earliest.teacherId, {
      purpose: decision.approve ? 'lesson_approved' : 'lesson_rejected',
      title: t(decision.approve ? 'lesson.approved' : 'lesson.rejected'),
      text: decision.approve
        ? t('teach.seriesApprovedText', { ...params, count })
        : t('teach.seriesRejectedText', { ...params, count, comment: decision.comment }),
      url: lessonUrl(earliest.code),
      extra: { lesson_id: earliest.id, lesson_code: earliest.code, lesson_ids: claimed.map((row) => row.id) },
    });
    const decided = await adminLessons(
      tx,
      claimed.map((row) => row.id),
      now,
    );
    decided.sort((a, b) => a.id - b.id);
    return { lessons: decided, count };
  });
}

// ---- Classes ----

const CLASS_STATE: Record<ReviewStatus, SQL | undefined> = {
  pending: and(eq(classes.isApproved, false), isNull(classes.rejectionComment)),
  approved: eq(classes.isApproved, true),
  rejected: and(eq(classes.isApproved, false), isNotNull(classes.rejectionComment)),
};

const CLASS_ORDER: Record<ReviewStatus, SQL[]> = {
  pending: [asc(classes.startsAt), asc(classes.id)],
  approved: [desc(classes.updatedAt), desc(classes.id)],
  rejected: [desc(classes.updatedAt), desc(classes.id)],
};

/** AdminClass: the teacher's TeacherClass (the Class names its teacher). */
const adminClasses = teacherClasses;

export async function listClasses(db: Database, status: ReviewStatus, page: PageRequest) {
  const where = CLASS_STATE[status];
  const { ids, meta } = await pagedIds(db, page, classes, where, CLASS_ORDER[status]);
  return {
    data: await adminClasses(db, ids),
    meta,
  };
}

export async function decideClass(
  ctx: AppContext,
  classId: number,
  decision: { approve: true } | { approve: false; comment: string },
) {
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(classes)
      .set({
        isApproved: decision.approve,
        rejectionComment: decision.approve ? null : decision.comment,
        updatedAt: new Date(),
      })
      .where(and(eq(classes.id, classId), CLASS_STATE.pending))
      .returning({ id: classes.id, title: classes.title, teacherId: classes.teacherId });
    if (!claimed) throw await refuse(tx, classes, classId, 'admin.classNotPending');
    await tellTeacher(tx, ctx, claimed.teacherId, {
      purpose: decision.approve ? 'class_approved' : 'class_rejected',
      title: t(decision.approve ? 'approval.classApprovedTitle' : 'approval.classRejectedTitle'),
      text: decision.approve
        ? t('approval.classApprovedText', { title: claimed.title })
        : t('approval.classRejectedText', { title: claimed.title, comment: decision.comment }),
      url: `/teaching/classes/show/${classId}`,
      extra: { class_id: classId },
    });
    const [found] = await adminClasses(tx, [classId]);
    if (!found) throw notFound();
    return { class: found };
  });
}
