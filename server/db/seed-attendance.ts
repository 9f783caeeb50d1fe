// Who came to the seeded lessons that have ended (issue 22, docs/classroom.md "Attendance and pay"):
// every teacher joined a few minutes early, and most booked learners came while about one booking in
// four was missed. Without these rows the earnings job would find no teacher and refund the seeded
// lessons as "Not held"; with them the learners' bookings show both "Attended" and "Missed".
import { sql } from 'drizzle-orm';
import type { Database } from './client';

export async function seedAttendance(db: Database, now = new Date()): Promise<void> {
  await db.execute(sql`
    INSERT INTO lesson_attendance (lesson_id, user_id, role, first_joined_at, last_joined_at, joins)
    SELECT l.id, t.user_id, 'teacher', l.start_at - interval '6 minutes', l.start_at + interval '25 minutes', 2
    FROM lessons l JOIN teachers t ON t.id = l.teacher_id
    WHERE l.end_at <= ${now} AND l.cancelled_at IS NULL AND l.is_approved
    ON CONFLICT (lesson_id, user_id) DO NOTHING`);
  // A learner arrives between a few minutes before and a few after the start; every fourth booking
  // (by id, so the same ones on every seed) was missed.
  await db.execute(sql`
    INSERT INTO lesson_attendance (lesson_id, user_id, role, first_joined_at, last_joined_at, joins)
    SELECT DISTINCT ON (l.id, s.user_id)
      l.id, s.user_id, 'learner',
      l.start_at + ((b.id % 9) - 4) * interval '1 minute',
      l.start_at + ((b.id % 9) - 4) * interval '1 minute',
      1
    FROM bookings b
    JOIN lessons l ON l.id = b.lesson_id
    JOIN students s ON s.id = b.student_id
    WHERE l.end_at <= ${now} AND l.cancelled_at IS NULL AND b.id % 4 <> 0
    ORDER BY l.id, s.user_id, b.id
    ON CONFLICT (lesson_id, user_id) DO NOTHING`);
}
