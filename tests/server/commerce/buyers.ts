// Fresh buyers for each test (so wallets, carts and bookings never leak between tests), and
// the seeded lessons and plans they buy.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { lessons, packages, parents, students, users, wallets } from '../../../server/db/schema';
import { createAccount, type RoleName } from '../../../server/services/account-service';
import { hashSecret } from '../../../server/security/password';
import type { Browser, Json, TestServer } from '../support/test-server';

export const PASSWORD = 'Passw0rd!';
let passwordHash: Promise<string> | null = null;
let pinHash: Promise<string> | null = null;

export type Buyer = { browser: Browser; userId: number; profileId: number; email: string };

/** A signed-in buyer with `balanceKes` in the wallet and PIN 1234 (unless `pin: null`). */
export async function newBuyer(
  server: TestServer,
  options: { role?: RoleName; balanceKes?: number; pin?: string | null; children?: number } = {},
): Promise<Buyer & { childIds: number[] }> {
  const role = options.role ?? 'student';
  const tag = randomBytes(4).toString('hex');
  const email = `${role}.${tag}@example.com`;
  passwordHash ??= hashSecret(PASSWORD);
  pinHash ??= hashSecret('1234');
  const { userId, profileId } = await server.db.transaction((tx) =>
    createAccount(tx, {
      firstName: 'Test',
      lastName: `Buyer ${tag}`,
      username: `buyer_${tag}`,
      email,
      phone: '254712000000',
      passwordHash: null,
      status: 'active',
      role,
    }),
  );
  await server.db
    .update(users)
    .set({ passwordHash: await passwordHash })
    .where(eq(users.id, userId));
  await server.db
    .update(wallets)
    .set({
      balanceCents: (options.balanceKes ?? 0) * 100,
      pinHash: options.pin === null ? null : options.pin ? await hashSecret(options.pin) : await pinHash,
    })
    .where(eq(wallets.userId, userId));
  const childIds: number[] = [];
  for (let index = 0; index < (options.children ?? 0); index += 1) {
    const child = await server.db.transaction((tx) =>
      createAccount(tx, {
        firstName: `Child${index}`,
        lastName: `Buyer ${tag}`,
        username: `child${index}_${tag}`,
        email: null,
        phone: null,
        passwordHash: null,
        status: 'active',
        role: 'student',
      }),
    );
    const [parent] = await server.db.select().from(parents).where(eq(parents.userId, userId));
    await server.db
      .update(students)
      .set({ parentId: parent?.id ?? null })
      .where(eq(students.id, child.profileId ?? 0));
    childIds.push(child.profileId ?? 0);
  }
  const browser = server.browser();
  await browser.signIn(email, PASSWORD);
  return { browser, userId, profileId: profileId ?? 0, email, childIds };
}

/** Approved lessons that have not started, in id order, for picking distinct ones per test. */
export async function upcomingLessons(server: TestServer) {
  return server.db
    .select()
    .from(lessons)
    .where(and(eq(lessons.isApproved, true), gt(lessons.startAt, new Date())))
    .orderBy(asc(lessons.id));
}

/** The seeded upcoming lessons, handed out one at a time, so each test of a file buys its own. */
export class LessonSupply {
  private ids: number[] = [];
  private next = 0;

  async load(server: TestServer): Promise<void> {
    this.ids = (await upcomingLessons(server)).map((lesson) => lesson.id);
    this.next = 0;
  }

  take(): number {
    const id = this.ids[this.next++];
    if (id === undefined) throw new Error('Out of seeded lessons');
    return id;
  }
}

export async function plan(server: TestServer, slug: string) {
  const [row] = await server.db.select().from(packages).where(eq(packages.slug, slug));
  if (!row) throw new Error(`No plan ${slug}`);
  return row;
}

export async function balanceOf(server: TestServer, userId: number): Promise<number> {
  const [row] = await server.db
    .select({ cents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.cents ?? 0;
}

export async function addLesson(browser: Browser, lessonId: number): Promise<Json> {
  const response = await browser.post(`/api/lessons/add-to-cart/${lessonId}`);
  if (response.status !== 200)
    throw new Error(`add-to-cart ${lessonId}: ${response.status} ${response.text}`);
  return response.body;
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Follows a transaction like the SPA does until it is final. */
export async function finalTransaction(browser: Browser, id: number, timeoutMs = 5000): Promise<Json> {
  return eventually(async () => {
    const response = await browser.get(`/api/wallet/transaction/show/${id}`);
    return response.body.data.status === 'pending' ? null : response.body.data;
  }, timeoutMs);
}

export async function bookedCodes(browser: Browser, filter = 'all'): Promise<string[]> {
  const response = await browser.get(`/api/lessons/bookings?filter=${filter}`);
  return (response.body.data as Array<{ code: string }>).map((lesson) => lesson.code);
}
