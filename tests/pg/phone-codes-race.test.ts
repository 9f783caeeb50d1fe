// Phone verification codes across two server processes on one PostgreSQL (issue 26,
// docs/messaging.md "phone"): six code requests at once through both send exactly three (the user's
// row lock around the hour's count), each with its SMS in the outbox; and ten wrong tries at once
// through both count every one (the code's row lock), so the code is dead after five.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { outboxMessages, phoneVerifications } from '../../server/db/schema';
import { hashSecret } from '../../server/security/password';
import { createAccount } from '../../server/services/account-service';
import type { Browser } from '../server/support/test-server';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';

const PASSWORD = 'Passw0rd!';
const PHONE = '0712345678';

let database: SharedDatabase;
let handle: DatabaseHandle;
let processes: [ServerProcess, ServerProcess];
let passwordHash: string;

beforeAll(async () => {
  database = await sharedDatabase();
  handle = await createDatabase({ url: database.url });
  passwordHash = await hashSecret(PASSWORD);
  processes = await Promise.all([startServerProcess(database), startServerProcess(database)]);
}, 180_000);

afterAll(async () => {
  await Promise.all((processes ?? []).map((process) => process?.stop()));
  await handle?.close();
  await database?.drop();
}, 60_000);

/** A fresh student signed in on both processes. */
async function person(): Promise<{ userId: number; on: [Browser, Browser] }> {
  const tag = randomBytes(4).toString('hex');
  const email = `student.${tag}@example.com`;
  const { userId } = await handle.db.transaction((tx) =>
    createAccount(tx, {
      firstName: 'Pg',
      lastName: `Phone ${tag}`,
      username: `pg_${tag}`,
      email,
      phone: null,
      passwordHash,
      status: 'active',
      role: 'student',
    }),
  );
  const on = processes.map((process) => process.browser()) as [Browser, Browser];
  await Promise.all(on.map((browser) => browser.signIn(email, PASSWORD)));
  return { userId, on };
}

describe('phone codes across two processes on PostgreSQL', () => {
  it('six code requests at once through both processes: exactly three codes, three SMS', async () => {
    const { userId, on } = await person();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        on[index % 2]!.post('/api/user/phone/verify/send', { phone: PHONE }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const codes = await handle.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId));
    expect(codes).toHaveLength(3);
    const sms = await handle.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.purpose, 'verification_code')));
    expect(sms).toHaveLength(3);
  }, 60_000);

  it('ten wrong tries at once through both processes: five counted, then the code is dead', async () => {
    const { userId, on } = await person();
    expect((await on[0].post('/api/user/phone/verify/send', { phone: PHONE })).status).toBe(200);
    const [row] = await handle.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, userId));
    const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        on[index % 2]!.post('/api/user/phone/verify', { phone: PHONE, code: wrong }),
      ),
    );
    expect(answers.every((answer) => answer.status === 422)).toBe(true);
    const [stored] = await handle.db
      .select({ tries: phoneVerifications.tries })
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId));
    expect(stored?.tries).toBe(5);
    const right = await on[1].post('/api/user/phone/verify', { phone: PHONE, code });
    expect(right.status).toBe(422);
  }, 60_000);
});
