// The outbox job in real server processes over one PostgreSQL (issue 26, docs/messaging.md "The
// outbox"): two processes run it every 50 ms on the same rows and each mail is sent once; a process
// SIGKILLed after it claimed rows (its SMTP server never answers, so it hangs in the send) leaves
// them `sending`, and another process sends them once the lease ran out, once.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { mailOutbox, outboxMessages } from '../../server/db/schema';
import { enqueueEmail } from '../../server/services/outbox-service';
import { eventually } from '../server/commerce/buyers';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';

let database: SharedDatabase;
let handle: DatabaseHandle;
const started: ServerProcess[] = [];

beforeAll(async () => {
  database = await sharedDatabase();
  handle = await createDatabase({ url: database.url });
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((process) => process.stop()));
  await handle?.close();
  await database?.drop();
}, 60_000);

async function start(env: Record<string, string> = {}) {
  const process = await startServerProcess(database, { OUTBOX_CHECK_INTERVAL_MS: '50', ...env });
  started.push(process);
  return process;
}

/** `count` account e-mails to addresses tagged with a fresh tag; their ids and the tag. */
async function queueMails(count: number) {
  const tag = randomBytes(5).toString('hex');
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1)
    ids.push(
      await enqueueEmail(handle.db, {
        kind: 'account',
        purpose: 'activation',
        userId: null,
        to: `outbox.${tag}.${index}@example.com`,
        subject: `Mail ${index}`,
        text: `Mail ${index} of ${tag}`,
        html: `<p>Mail ${index}</p>`,
      }),
    );
  return { ids, tag };
}

const delivered = (tag: string) =>
  handle.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(like(mailOutbox.to, `outbox.${tag}.%`));
const rows = (ids: number[]) =>
  handle.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));

describe('the outbox job in two processes', () => {
  it('sends every row exactly once though both processes claim at once', async () => {
    const processes = await Promise.all([start(), start()]);
    const { ids, tag } = await queueMails(60);
    await eventually(async () => (await rows(ids)).every((row) => row.status === 'sent'), 20_000);
    // Many more runs of both jobs find nothing left.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await delivered(tag);
    expect(mails).toHaveLength(60);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(60);
    expect((await rows(ids)).every((row) => row.attempts === 1)).toBe(true);
    await Promise.all(processes.map((process) => process.stop()));
  }, 120_000);

  it('a process killed between claim and send: its rows go after the lease, once', async () => {
    // An SMTP server that accepts and never answers: the process hangs in its first send.
    const sockets = new Set<Socket>();
    const blackHole: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const address = blackHole.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const dying = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const { ids, tag } = await queueMails(5);
      await eventually(
        async () => sockets.size > 0 && (await rows(ids)).every((row) => row.status === 'sending'),
        20_000,
      );
      dying.child.kill('SIGKILL');
      expect(await dying.exited()).toBeNull();

      const survivor = await start();
      // The claims are younger than the lease: the survivor leaves them alone.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await rows(ids)).map((row) => row.status)).toEqual(Array(5).fill('sending'));
      expect(await delivered(tag)).toEqual([]);

      // As if the lease (2 minutes) had run out.
      await handle.db
        .update(outboxMessages)
        .set({ claimedAt: sql`now() - interval '3 minutes'` })
        .where(inArray(outboxMessages.id, ids));
      await eventually(async () => (await rows(ids)).every((row) => row.status === 'sent'), 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await delivered(tag)).toHaveLength(5);
      expect((await rows(ids)).map((row) => row.attempts)).toEqual(Array(5).fill(2));
      await survivor.stop();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  }, 180_000);
});
