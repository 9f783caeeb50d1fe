// Buying a whole class (issue 24, docs/class-purchase.md): which of a class's lessons a cart's class
// line buys for a learner, and at what price. The rules are src/shared/class-purchase.ts; this reads
// the rows they need, unlocked (the cart, add to cart) or as a payment locked them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../db/client';
import { bookings, classes, lessons, parents, students } from '../db/schema';
import type { CartItemRow } from '../resources/commerce-resource';
import { classShareCents, lessonsToBuy, splitAcrossLessons } from '../../src/shared/class-purchase';

type Db = Database | DbTransaction;

/** A class's lesson as a sale reads it (a full lessons row qualifies, as `lockLessons` returns). */
export type SaleLesson = {
  id: number;
  classId: number | null;
  code: string;
  startAt: Date;
  cancelledAt: Date | null;
  isApproved: boolean;
  capacity: number | null;
};

export type ClassRow = { id: number; title: string; slug: string; priceCents: number; isApproved: boolean };

/** What one class line buys: its lessons (by start), their count scheduled, and the price. */
export type ClassSale = {
  class: ClassRow;
  scheduled: number;
  lessons: SaleLesson[];
  totalCents: number;
  /** Each lesson's part of `totalCents`, in `lessons` order (one order line each). */
  shares: number[];
};

/** An unapproved lesson is not for sale, like a cancelled one (and is not part of the course as planned). */
const forSale = (lesson: SaleLesson) => ({
  ...lesson,
  startsAt: lesson.startAt,
  cancelled: lesson.cancelledAt !== null || !lesson.isApproved,
});

/** The sale of `cls` from its `lessons` for a learner who booked `booked` (lesson ids), at `now`. */
export function saleOf(
  cls: ClassRow,
  lessonRows: SaleLesson[],
  booked: ReadonlySet<number>,
  now: Date,
): ClassSale {
  const all = lessonRows.filter((lesson) => lesson.classId === cls.id).map(forSale);
  // The course as planned: every approved lesson, cancelled ones included (classShareCents).
  const scheduled = lessonRows.filter((lesson) => lesson.classId === cls.id && lesson.isApproved).length;
  const buying = lessonsToBuy(all, booked, now);
  const totalCents = classShareCents(cls.priceCents, scheduled, buying.length);
  return {
    class: cls,
    scheduled,
    lessons: buying,
    totalCents,
    shares: splitAcrossLessons(totalCents, buying.length),
  };
}

const classIdsOf = (items: CartItemRow[]) => [
  ...new Set(items.filter((item) => item.purchasableType === 'class').map((item) => item.purchasableId)),
];

/** The approved classes by id. */
export async function approvedClasses(db: Db, ids: number[]): Promise<Map<number, ClassRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: classes.id,
      title: classes.title,
      slug: classes.slug,
      priceCents: classes.priceCents,
      isApproved: classes.isApproved,
    })
    .from(classes)
    .where(and(inArray(classes.id, ids), eq(classes.isApproved, true)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every lesson of these classes (cancelled ones too), by id: what a payment locks (step 1). */
export async function lessonsOfClasses(db: Db, classIds: number[]): Promise<SaleLesson[]> {
  if (classIds.length === 0) return [];
  return db
    .select({
      id: lessons.id,
      classId: lessons.classId,
      code: lessons.code,
      startAt: lessons.startAt,
      cancelledAt: lessons.cancelledAt,
      isApproved: lessons.isApproved,
      capacity: lessons.capacity,
    })
    .from(lessons)
    .where(inArray(lessons.classId, classIds))
    .orderBy(asc(lessons.id));
}

/** The ids of the lessons the cart's class lines name, sorted (unlocked read). */
export async function cartClassLessonIds(db: Db, items: CartItemRow[]): Promise<number[]> {
  return (await lessonsOfClasses(db, classIdsOf(items))).map((lesson) => lesson.id);
}

/** The student profiles a user books for: their own, or a parent's children. */
export async function learnersOfUser(db: Db, userId: number): Promise<number[]> {
  const own = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  const children = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .where(eq(parents.userId, userId));
  return [...own, ...children].map((row) => row.id);
}

/** Which of `lessonIds` these learners booked. */
export async function bookedBy(db: Db, lessonIds: number[], learners: number[]): Promise<Set<number>> {
  if (lessonIds.length === 0 || learners.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ lessonId: bookings.lessonId })
    .from(bookings)
    .where(and(inArray(bookings.lessonId, lessonIds), inArray(bookings.studentId, learners)));
  return new Set(rows.map((row) => row.lessonId));
}

/**
 * Each class line's sale, by cart item id (a class not approved any more has none). `locked`: the
 * lessons as a payment locked them; else they are read now. A lesson the cart also holds alone is
 * left to that line (a visitor's cart merged into the user's may hold both).
 */
export async function classSales(
  db: Db,
  items: CartItemRow[],
  { learners, locked, now = new Date() }: { learners: number[]; locked?: SaleLesson[]; now?: Date },
): Promise<Map<number, ClassSale>> {
  const classIds = classIdsOf(items);
  if (classIds.length === 0) return new Map();
  const found = await approvedClasses(db, classIds);
  const lessonRows = locked ?? (await lessonsOfClasses(db, classIds));
  const booked = await bookedBy(
    db,
    lessonRows.map((lesson) => lesson.id),
    learners,
  );
  for (const item of items) if (item.purchasableType === 'lesson') booked.add(item.purchasableId);
  const sales = new Map<number, ClassSale>();
  for (const item of items) {
    const cls = item.purchasableType === 'class' ? found.get(item.purchasableId) : undefined;
    if (cls) sales.set(item.id, saleOf(cls, lessonRows, booked, now));
  }
  return sales;
}
