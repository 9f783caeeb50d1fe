// What several seeds do the same way: demo teachers go through the profile service like a teacher's
// own form, and subjects are found by slug.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { lessons, subjects, teachers, users } from './schema';
import { saveTeacherProfile, type TeacherProfile } from '../services/profile-service';

/** The subjects' ids, in the order the subjects were seeded. */
export async function subjectIdsBySlug(db: Database, slugs: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(inArray(subjects.slug, slugs))
    .orderBy(asc(subjects.id));
  return rows.map((row) => row.id);
}

/** A demo teacher the admins have already approved: the profile a teacher writes, then the status. */
export async function approvedTeacher(
  db: Database,
  teacherId: number,
  profile: TeacherProfile,
): Promise<void> {
  await saveTeacherProfile(db, teacherId, profile);
  await db.update(teachers).set({ status: 'approved' }).where(eq(teachers.id, teacherId));
}

/** A teacher (by e-mail) busy from `startAt` for `minutes`. */
export type TeacherTime = { teacher: string; startAt: Date; minutes: number };

const SLOT_STEP_MS = 90 * 60_000;

/**
 * The seeded teachers' diaries, so that no demo teacher is in two lessons at once (issue 24): what
 * the database already holds plus what later seeds will add (`reserved`).
 */
export class TeacherDiary {
  private readonly taken = new Map<string, Array<[start: number, end: number]>>();

  static async of(db: Database, reserved: TeacherTime[]): Promise<TeacherDiary> {
    const diary = new TeacherDiary();
    const rows = await db
      .select({ teacher: users.email, startAt: lessons.startAt, endAt: lessons.endAt })
      .from(lessons)
      .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId));
    for (const row of rows) diary.take(row.teacher ?? '', row.startAt.getTime(), row.endAt.getTime());
    for (const time of reserved)
      diary.take(time.teacher, time.startAt.getTime(), time.startAt.getTime() + time.minutes * 60_000);
    return diary;
  }

  private take(teacher: string, start: number, end: number): void {
    this.taken.set(teacher, [...(this.taken.get(teacher) ?? []), [start, end]]);
  }

  /** The first start from `startAt` on, a slot (90 minutes) later each time, when the teacher is free; now taken. */
  book(teacher: string, startAt: Date, minutes: number): Date {
    const taken = this.taken.get(teacher) ?? [];
    const length = minutes * 60_000;
    let start = startAt.getTime();
    while (taken.some(([from, to]) => start < to && from < start + length)) start += SLOT_STEP_MS;
    this.take(teacher, start, start + length);
    return new Date(start);
  }
}
