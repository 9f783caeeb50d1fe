// Two withdrawals of one wallet at once, on two server processes over one PostgreSQL (issue 23,
// docs/withdrawals.md): the wallet's row lock (docs/commerce.md "Lock order", step 4) makes them take
// turns, so with money for one the second sees the first's hold and gets 422, nothing held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { auditMoney } from '../../server/services/money-audit-service';
import { eventually } from '../server/commerce/buyers';
import type { Browser, Json } from '../server/support/test-server';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';

let database: SharedDatabase;
let handle: DatabaseHandle;
let processes: [ServerProcess, ServerProcess];

beforeAll(async () => {
  // Kept after the run: `npm run test:pg` audits it with `npm run audit:money` once every test is done.
  database = await sharedDatabase({ keep: 'withdrawal-race' });
  handle = await createDatabase({ url: database.url });
  const env = { MPESA_SANDBOX_B2C_RESULT_DELAY_MS: '100' };
  processes = await Promise.all([startServerProcess(database, env), startServerProcess(database, env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all((processes ?? []).map((process) => process?.stop()));
  await handle?.close();
  await database?.drop();
}, 60_000);

describe('two withdrawals at once on two processes', () => {
  it('with money for one: one 202, one 422, and the one paid once', async () => {
    const on: Browser[] = processes.map((process) => process.browser());
    await Promise.all(on.map((browser) => browser.signIn('teacher@example.com')));
    const before = (await on[0]!.get('/api/wallet')).body.data;
    const amount = Math.floor(Number(before.withdrawable) / 2) + 100;
    const answers = await Promise.all(
      on.map((browser) => browser.post('/api/wallet/withdraw', { amount, pin: '1234' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 422]);
    expect(answers.find((answer) => answer.status === 422)?.body.errors.amount).toBeDefined();
    const accepted = answers.find((answer) => answer.status === 202)!;
    const final = await eventually(async () => {
      const list = (await on[1]!.get('/api/wallet/withdrawals')).body as Json;
      const row = list.data.find((entry: Json) => entry.id === accepted.body.transaction.id);
      return row?.status === 'completed' ? row : null;
    }, 30_000);
    expect(final.receipt).toMatch(/^[A-Z0-9]{10}$/);
    const after = (await on[0]!.get('/api/wallet')).body.data;
    expect(Number(after.balance)).toBe(Number(before.balance) - amount);
    const audit = await auditMoney(handle.db);
    expect(audit.checks.filter((check) => !check.ok)).toEqual([]);
  }, 120_000);
});
