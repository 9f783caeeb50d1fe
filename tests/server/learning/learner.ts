// Demo learners and what the learning seed gave them (server/db/seed-learning.ts), for the tests
// of issue 9: signed-in browsers, the children's ids, and a few lessons by code.
import { eq } from 'drizzle-orm';
import { lessons, parents, students, users } from '../../../server/db/schema';
import type { Browser, TestServer } from '../support/test-server';

export const STUDENT = 'student@example.com';
export const PARENT = 'parent@example.com';
export const TEACHER = 'teacher@example.com';

/** Wanjiru's lessons: SOM-0201…0203 (a finished class, with notes and files), 0204 past, 0205 soon, 0206…0208 upcoming. */
export const WANJIRU_PAST = ['SOM-0201', 'SOM-0202', 'SOM-0203', 'SOM-0204'];
export const WANJIRU_UPCOMING = ['SOM-0206', 'SOM-0207', 'SOM-0208'];
/** Achieng: 0209 past, 0210, 0211 upcoming; Baraka: 0212 past, 0213, 0214 upcoming; both: 0215. */
export const ACHIENG = ['SOM-0209', 'SOM-0210', 'SOM-0211', 'SOM-0215'];
export const BARAKA = ['SOM-0212', 'SOM-0213', 'SOM-0214', 'SOM-0215'];
export const PAST_CLASS_SLUG = 'grade-7-mathematics-fractions-to-equations';

export async function signedIn(server: TestServer, email: string): Promise<Browser> {
  const browser = server.browser();
  await browser.signIn(email);
  return browser;
}

export async function childIds(server: TestServer): Promise<{ achieng: number; baraka: number }> {
  const rows = await server.db
    .select({ id: students.id, username: users.username })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(parents, eq(parents.id, students.parentId));
  const id = (username: string) => rows.find((row) => row.username === username)?.id ?? 0;
  return { achieng: id('achieng.otieno'), baraka: id('baraka.otieno') };
}

export async function studentIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.email, email));
  return row?.id ?? 0;
}

export async function lessonByCode(server: TestServer, code: string) {
  const [row] = await server.db.select().from(lessons).where(eq(lessons.code, code));
  if (!row) throw new Error(`No lesson ${code}`);
  return row;
}

export const codesOf = (body: { data: Array<{ code: string }> }) => body.data.map((item) => item.code);
