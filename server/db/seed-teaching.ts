// Seed of the teaching side and administration (issue 10), so the screens have work on a fresh start:
// - the orders and M-Pesa payments behind the learning seed's bookings (a cancellation refunds what
//   was paid, and a lesson that ends earns its teacher what its bookings paid);
// - the demo teacher's lessons in every state: pending approval, rejected with a comment, cancelled
//   (beside the approved upcoming and past ones of the earlier seeds), and a pending and a rejected class;
// - a teacher who submitted the profile and waits for an admin, besides newteacher@example.com.
// Idempotent: nothing happens when lesson SOM-0301 exists. Dates are relative to `now`.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from './client';
import {
  bookings,
  classes,
  curricula,
  gradeLevels,
  lessons,
  orderItems,
  orders,
  parents,
  programs,
  students,
  subjects,
  teachers,
  topics,
  transactions,
  users,
  wallets,
} from './schema';
import { createAccount } from '../services/account-service';
import { saveTeacherProfile, submitTeacherProfile } from '../services/profile-service';
import { subjectIdsBySlug } from './seed-support';
import { t } from '../../src/shared/messages';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FIRST_TEACHING_CODE = 'SOM-0301';
/** 10:00 in Nairobi (UTC+3), as minutes after UTC midnight: clear of the learning seed's afternoons. */
const TEN_AM = 7 * 60;

type TeachingLessonSeed = {
  code: string;
  topic: string;
  objective: string;
  priceKes: number;
  day: number;
  state: 'pending' | 'rejected' | 'cancelled';
  comment?: string;
};

const TEACHING_LESSONS: TeachingLessonSeed[] = [
  {
    code: 'SOM-0301',
    topic: 'cbc-grade-7-linear-equations',
    objective: 'Form linear equations from word problems about money and ages, then solve and check them.',
    priceKes: 600,
    day: 5,
    state: 'pending',
  },
  {
    code: 'SOM-0302',
    topic: 'cbc-grade-7-data-handling',
    objective: 'Read and draw pie charts from class survey data and compare them with bar graphs.',
    priceKes: 450,
    day: 12,
    state: 'pending',
  },
  {
    code: 'SOM-0303',
    topic: 'cbc-grade-7-integers',
    objective: 'Integers revision.',
    priceKes: 500,
    day: 9,
    state: 'rejected',
    comment:
      'The objective is too short for learners to know what they will be able to do. Please say which integer skills the lesson covers and resubmit.',
  },
  {
    code: 'SOM-0304',
    topic: 'cbc-grade-7-area-of-plane-figures',
    objective: 'Find the area of combined shapes by splitting them into triangles and rectangles.',
    priceKes: 450,
    day: 3,
    state: 'cancelled',
    comment: 'I am invigilating the county mock examinations that morning.',
  },
];

const PENDING_TEACHER = {
  firstName: 'Winnie',
  lastName: 'Jepkosgei',
  username: 'winnie.jepkosgei',
  email: 'winnie.jepkosgei@example.com',
  phone: '254733445566',
  gender: 'female' as const,
  dob: '1991-02-17',
  biography:
    'Biology and Chemistry teacher at a county school in Eldoret. I use simple home experiments so learners see the science before they write it down.',
  workplace: 'Moi Girls High School, Eldoret',
  qualification: 'Degree' as const,
  idNumber: '29384756',
  tscNumber: '648213',
  subjects: ['biology', 'chemistry'],
};

const receipt = () => `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;

export async function seedTeaching(
  db: Database,
  options: { passwordHash: string; now?: Date },
): Promise<void> {
  const [done] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.code, FIRST_TEACHING_CODE));
  if (done) return;
  const now = options.now ?? new Date();
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);

  await db.transaction(async (tx) => {
    await payForSeededBookings(tx);

    const [teacher] = await tx
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.email, 'teacher@example.com'));
    const [program] = await tx.select().from(programs).where(eq(programs.slug, 'cbc-grade-7-mathematics'));
    const [grade7] = await tx.select().from(gradeLevels).where(eq(gradeLevels.slug, 'cbc-grade-7'));
    const [cbc] = await tx.select().from(curricula).where(eq(curricula.slug, 'cbc'));
    const [maths] = await tx.select().from(subjects).where(eq(subjects.slug, 'mathematics'));
    if (!teacher || !program || !grade7 || !cbc || !maths)
      throw new Error('Teaching seed: demo teacher data missing');
    const topicRows = await tx
      .select()
      .from(topics)
      .where(
        inArray(
          topics.slug,
          TEACHING_LESSONS.map((lesson) => lesson.topic),
        ),
      );

    await tx.insert(lessons).values(
      TEACHING_LESSONS.map((seed) => {
        const topic = topicRows.find((row) => row.slug === seed.topic);
        if (!topic) throw new Error(`Teaching seed: topic ${seed.topic} missing`);
        const startAt = new Date(today.getTime() + seed.day * DAY_MS + TEN_AM * 60_000);
        const writtenAt = new Date(now.getTime() - 2 * DAY_MS);
        return {
          code: seed.code,
          teacherId: teacher.id,
          topicId: topic.id,
          programId: program.id,
          type: 'public' as const,
          objective: seed.objective,
          priceCents: seed.priceKes * 100,
          startAt,
          endAt: new Date(startAt.getTime() + HOUR_MS),
          // A cancelled lesson had been approved and on sale; the others wait or failed approval.
          isApproved: seed.state === 'cancelled',
          rejectionComment: seed.state === 'rejected' ? (seed.comment ?? null) : null,
          cancelledAt: seed.state === 'cancelled' ? new Date(now.getTime() - DAY_MS) : null,
          cancellationReason: seed.state === 'cancelled' ? (seed.comment ?? null) : null,
          capacity: 30,
          createdAt: writtenAt,
          updatedAt: writtenAt,
        };
      }),
    );

    // A class waiting for approval and one that failed it, on the demo teacher's "My classes".
    const classBase = {
      teacherId: teacher.id,
      subjectId: maths.id,
      gradeLevelId: grade7.id,
      curriculumId: cbc.id,
      isApproved: false,
    };
    await tx.insert(classes).values([
      {
        ...classBase,
        slug: 'grade-7-mathematics-end-of-term-revision',
        title: 'Grade 7 Mathematics: end of term revision',
        description:
          'Four weekly revision lessons before the end of term assessments: integers, fractions, algebra and data handling, each with a timed practice paper.',
        type: 'revision' as const,
        frequency: 'weekly' as const,
        priceCents: 1_800_00,
        startsAt: new Date(today.getTime() + 14 * DAY_MS + TEN_AM * 60_000),
        endsAt: new Date(today.getTime() + 35 * DAY_MS + TEN_AM * 60_000 + HOUR_MS),
      },
      {
        ...classBase,
        slug: 'grade-7-mathematics-get-ahead-geometry',
        title: 'Grade 7 Mathematics: get ahead in geometry',
        description: 'Geometry.',
        type: 'get_ahead' as const,
        frequency: 'weekly' as const,
        priceCents: 2_000_00,
        startsAt: new Date(today.getTime() + 21 * DAY_MS + TEN_AM * 60_000),
        endsAt: new Date(today.getTime() + 42 * DAY_MS + TEN_AM * 60_000 + HOUR_MS),
        rejectionComment:
          'Please describe what each lesson covers and which grade 7 geometry strands it prepares learners for.',
      },
    ]);

    // A teacher who submitted the profile two days ago and waits for an admin.
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, PENDING_TEACHER.email));
    if (!existing) {
      const { userId, profileId } = await createAccount(tx, {
        firstName: PENDING_TEACHER.firstName,
        lastName: PENDING_TEACHER.lastName,
        username: PENDING_TEACHER.username,
        email: PENDING_TEACHER.email,
        phone: PENDING_TEACHER.phone,
        gender: PENDING_TEACHER.gender,
        dob: PENDING_TEACHER.dob,
        role: 'teacher',
        passwordHash: options.passwordHash,
        status: 'active',
        emailVerifiedAt: new Date(now.getTime() - 3 * DAY_MS),
      });
      if (!profileId) throw new Error('Teaching seed: pending teacher profile missing');
      await saveTeacherProfile(tx, profileId, {
        biography: PENDING_TEACHER.biography,
        currentWorkplace: PENDING_TEACHER.workplace,
        qualificationLevel: PENDING_TEACHER.qualification,
        curriculumId: cbc.id,
        eduLevelId: grade7.eduLevelId,
        subjectIds: await subjectIdsBySlug(tx, PENDING_TEACHER.subjects),
        idNumber: PENDING_TEACHER.idNumber,
        tscNumber: PENDING_TEACHER.tscNumber,
      });
      await submitTeacherProfile({ db: tx }, userId, new Date(now.getTime() - 2 * DAY_MS));
    }
  });
}

/**
 * Every seeded booking without an order gets one, paid by M-Pesa Express the moment it was booked:
 * what a learner's wallet history shows, and what a cancellation refunds and a teacher earns.
 */
async function payForSeededBookings(tx: Database): Promise<void> {
  const unpaid = await tx
    .select({
      bookingId: bookings.id,
      studentId: bookings.studentId,
      bookedAt: bookings.createdAt,
      lessonId: lessons.id,
      priceCents: lessons.priceCents,
      studentUserId: students.userId,
      parentUserId: parents.userId,
    })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .where(isNull(bookings.orderId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  for (const row of unpaid) {
    // A parent pays for a child; a student pays for themself.
    const payer = row.parentUserId ?? row.studentUserId;
    const [wallet] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, payer));
    const [payment] = await tx
      .insert(transactions)
      .values({
        userId: payer,
        walletId: wallet?.id ?? null,
        type: 'payment',
        amountCents: row.priceCents,
        reference: `PAY-S${String(row.bookingId).padStart(5, '0')}${randomBytes(2).toString('hex').toUpperCase()}`,
        status: 'completed',
        gateway: 'mpesa',
        gatewayReceipt: receipt(),
        studentId: row.studentId,
        meta: { result_desc: t('payment.paid') },
        initiatedAt: row.bookedAt,
        completedAt: row.bookedAt,
      })
      .returning({ id: transactions.id });
    if (!payment) throw new Error('Teaching seed: payment insert returned no row');
    const [order] = await tx
      .insert(orders)
      .values({
        userId: payer,
        studentId: row.studentId,
        transactionId: payment.id,
        totalCents: row.priceCents,
        createdAt: row.bookedAt,
        updatedAt: row.bookedAt,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('Teaching seed: order insert returned no row');
    await tx.insert(orderItems).values({
      orderId: order.id,
      purchasableType: 'lesson',
      purchasableId: row.lessonId,
      quantity: 1,
      priceCents: row.priceCents,
    });
    await tx
      .update(bookings)
      .set({ orderId: order.id })
      .where(and(eq(bookings.id, row.bookingId), isNull(bookings.orderId)));
  }
}
