// What several seeds do the same way: demo teachers go through the profile service like a teacher's
// own form, and subjects are found by slug.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { subjects, teachers } from './schema';
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
