// Signed-in learners for `npm run bench:api` (issue 27): `factor × 50` student accounts, each with a
// session, bookings (ended lessons, lessons this Nairobi week, later ones) and notifications, written
// straight into the database with multi-row inserts (no sign-in, no checkout), so the signed-in reads
// can be measured with 50 connections that each carry their own session cookie. Growing the factor
// adds learners (and so bookings, notifications and sessions) in proportion; each learner's own
// history keeps its shape, as on a site that gains users. Runs after `seed` (and seed-scale.ts) and
// only adds rows.
//
// CLI: `tsx server/db/seed-learners.ts <factor> <sessions.json>` on the database the environment names
// (DATA_DIR or DATABASE_URL, as server/main.ts): writes the first 50 learners' session cookies and the
// code of a lesson each booked to the JSON file, `[{token, lessonCode}]`.
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { and, asc, count, eq, gt, isNull, like, lte, ne, sql } from 'drizzle-orm';
import type { Database } from './client';
import { bookings, lessons, roles, sessions, students, userRoles, users } from './schema';
import { hashToken, randomToken } from '../security/tokens';

/** Learners at 1×; also how many sessions the bench uses (one per connection). */
export const BENCH_LEARNERS = 50;
const EMAIL_DOMAIN = '@learners.bench.example.com';
const DAY_MS = 86_400_000;
const CHUNK = 500;
/** Per learner: bookings of ended lessons, of lessons this week, of later lessons; notifications. */
const SHAPE = { ended: 4, thisWeek: 3, later: 5, notifications: 20 } as const;

export type BenchSession = { token: string; lessonCode: string };

async function chunked<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += CHUNK)
    out.push(...(await insert(rows.slice(start, start + CHUNK))));
  return out;
}

/** Grows the bench learners to `factor × 50`; returns sessions for the first 50 (new ones each call). */
export async function seedLearners(db: Database, factor: number, now = new Date()): Promise<BenchSession[]> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'student'));
  if (!role) throw new Error('The student role is missing (run seed first)');
  const mine = like(users.email, `%${EMAIL_DOMAIN}`);
  const [existing] = await db.select({ n: count() }).from(users).where(mine);
  const have = Number(existing?.n ?? 0);
  const wanted = BENCH_LEARNERS * factor;

  // Bookable kinds of lesson (not private: one seat), by when they are, soonest first.
  const open = and(eq(lessons.isApproved, true), isNull(lessons.cancelledAt), ne(lessons.type, 'private'));
  const ids = async (where: ReturnType<typeof and>) =>
    (
      await db.select({ id: lessons.id }).from(lessons).where(and(open, where)).orderBy(asc(lessons.startAt))
    ).map((row) => row.id);
  // "This week" as the timetable asks for it: today and the six Nairobi days after it.
  const today = new Date(Math.floor((now.getTime() + 3 * 3_600_000) / DAY_MS) * DAY_MS - 3 * 3_600_000);
  const weekEnd = new Date(today.getTime() + 7 * DAY_MS);
  const ended = await ids(lte(lessons.endAt, now));
  const thisWeek = await ids(and(gt(lessons.startAt, now), lte(lessons.startAt, weekEnd)));
  const later = await ids(gt(lessons.startAt, weekEnd));
  if (!thisWeek.length || !later.length)
    throw new Error('seedLearners needs upcoming lessons (run seed first)');

  if (wanted > have) {
    const stamp = now.getTime().toString(36);
    const people = Array.from({ length: wanted - have }, (_, at) => {
      const n = have + at + 1;
      return {
        username: `bench.learner.${stamp}.${n}`,
        firstName: 'Bench',
        lastName: `Learner ${n}`,
        email: `learner${n}.${stamp}${EMAIL_DOMAIN}`,
        status: 'active' as const,
        emailVerifiedAt: now,
      };
    });
    const userIds = (
      await chunked(people, (chunk) => db.insert(users).values(chunk).returning({ id: users.id }))
    ).map((row) => row.id);
    await chunked(userIds, (chunk) =>
      db
        .insert(userRoles)
        .values(chunk.map((userId) => ({ userId, roleId: role.id })))
        .returning(),
    );
    const studentIds = (
      await chunked(userIds, (chunk) =>
        db
          .insert(students)
          .values(chunk.map((userId) => ({ userId, profileCompleted: true })))
          .returning({ id: students.id }),
      )
    ).map((row) => row.id);
    const pick = (list: number[], learner: number, k: number) =>
      list[(learner * 7 + k * 13) % list.length] as number;
    const bookingRows = studentIds.flatMap((studentId, at) => {
      const learner = have + at;
      const lessonIds = new Set([
        ...Array.from({ length: ended.length ? SHAPE.ended : 0 }, (_, k) => pick(ended, learner, k)),
        ...Array.from({ length: SHAPE.thisWeek }, (_, k) => pick(thisWeek, learner, k)),
        ...Array.from({ length: SHAPE.later }, (_, k) => pick(later, learner, k)),
      ]);
      return [...lessonIds].map((lessonId) => ({ lessonId, studentId }));
    });
    await chunked(bookingRows, (chunk) =>
      db.insert(bookings).values(chunk).onConflictDoNothing().returning(),
    );
    // Notifications in one statement: a third unread, one every seven hours back from now.
    await db.execute(sql`
      insert into notifications (user_id, type, data, read_at, created_at, updated_at)
      select u.id, 'booking',
        jsonb_build_object('title', 'Lesson booked', 'body', 'Your booking number ' || g || ' is confirmed.',
          'url', '/lessons/booking'),
        case when g % 3 = 0 then null else ${now}::timestamptz - (g * interval '7 hours') + interval '1 hour' end,
        ${now}::timestamptz - (g * interval '7 hours'), ${now}::timestamptz - (g * interval '7 hours')
      from unnest(${sql.raw(`array[${userIds.join(',')}]::int[]`)}) as u(id)
      cross join generate_series(1, ${SHAPE.notifications}) as g`);
    await db.execute(sql`ANALYZE`);
  }

  // One fresh session per connection: the first 50 learners, and a lesson each booked this week.
  const first = await db
    .select({ userId: users.id, studentId: students.id })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(mine)
    .orderBy(asc(users.id))
    .limit(BENCH_LEARNERS);
  const out: BenchSession[] = [];
  for (const learner of first) {
    const [booked] = await db
      .select({ code: lessons.code })
      .from(bookings)
      .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
      .where(and(eq(bookings.studentId, learner.studentId), gt(lessons.startAt, now)))
      .orderBy(asc(lessons.startAt))
      .limit(1);
    if (!booked) throw new Error('A bench learner has no upcoming booking');
    const token = randomToken(40);
    await db.insert(sessions).values({
      id: hashToken(token),
      userId: learner.userId,
      csrfToken: randomToken(32),
      remember: true,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 30 * DAY_MS),
    });
    out.push({ token, lessonCode: booked.code });
  }
  return out;
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  const factor = Number(process.argv[2] ?? 1);
  const file = process.argv[3];
  const main = async () => {
    if (!Number.isInteger(factor) || factor < 1 || factor > 1000 || !file)
      throw new Error('Usage: seed-learners.ts <factor 1…1000> <sessions.json>');
    const [{ databaseOptions, readConfig }, { createDatabase }] = await Promise.all([
      import('../config'),
      import('./client'),
    ]);
    const database = await createDatabase(databaseOptions(readConfig()));
    try {
      await database.migrate();
      const started = Date.now();
      const made = await seedLearners(database.db, factor);
      await writeFile(file, JSON.stringify(made));
      const [n] = await database.db.select({ n: count() }).from(bookings);
      console.log(
        `Learners at ${factor}×: ${BENCH_LEARNERS * factor} bench learners, ${Number(n?.n ?? 0)} bookings in all, ` +
          `${made.length} sessions written (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    } finally {
      await database.close();
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
