// Kill the server (SIGKILL) right after an M-Pesa express payment answered 202, start it again on
// the same database: the payment must end with its true outcome (paid once, booked, cart emptied)
// on the background check's next pass (issue 8). Real processes, a real embedded database on disk.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../commerce/buyers';
import { Browser, freePort } from '../support/test-server';

const root = path.resolve(__dirname, '../../..');

let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let output = '';

function startServer(): ChildProcess {
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DIST_DIR: 'tests/server/support/no-dist',
      // The customer answers the prompt 2 s after the push: long after the kill.
      MPESA_SANDBOX_CALLBACK_DELAY_MS: '2000',
      PAYMENT_CHECK_INTERVAL_MS: '200',
      PAYMENT_FIRST_CHECK_AFTER_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return started;
}

async function ready(url: string): Promise<void> {
  await eventually(async () => {
    const response = await fetch(`${url}/sanctum/csrf-cookie`).catch(() => null);
    return response?.status === 204;
  }, 60_000);
}

const exited = (process: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (process.exitCode !== null || process.signalCode !== null) resolve();
    else process.once('exit', () => resolve());
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'somesha-restart-'));
  port = await freePort();
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('an M-Pesa payment when the server is killed right after the push', () => {
  it('ends paid once, booked, with the cart emptied, after a restart on the same database', async () => {
    const url = `http://127.0.0.1:${port}`;
    child = startServer();
    await ready(url);

    const student = new Browser(url);
    await student.signIn('student@example.com');
    const lessons = await student.get('/api/web/lessons?per_page=50');
    expect(lessons.status).toBe(200);
    let added: { id: number; code: string } | null = null;
    for (const lesson of lessons.body.data as Array<{ id: number; code: string }>) {
      const response = await student.post(`/api/lessons/add-to-cart/${lesson.id}`);
      if (response.status === 200) {
        added = lesson;
        break;
      }
    }
    if (!added) throw new Error(`No lesson could be added to the cart:\n${output}`);
    const before = (await student.get('/api/lessons/bookings?filter=all&per_page=100')).body.data as Array<{
      code: string;
    }>;

    const payment = await student.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(payment.status).toBe(202);
    child.kill('SIGKILL');
    await exited(child);

    child = startServer();
    await ready(url);
    // The session lives in the database too: the same browser is still signed in.
    const cart = await eventually(async () => {
      const response = await student.get('/api/cart');
      return response.status === 200 && response.body.item_count === 0 ? response.body : null;
    }, 20_000).catch(() => {
      throw new Error(`The cart was never emptied. Server output:\n${output}`);
    });
    expect(cart.item_count).toBe(0);

    const bookings = (await student.get('/api/lessons/bookings?filter=all&per_page=100')).body.data as Array<{
      code: string;
    }>;
    expect(bookings.filter((lesson) => lesson.code === added?.code)).toHaveLength(1);
    expect(bookings).toHaveLength(before.length + 1);
    const transaction = await student.get(`/api/wallet/transaction/show/${payment.body.transaction.id}`);
    expect(transaction.body.data).toMatchObject({ status: 'completed', type: 'payment' });
  }, 120_000);
});
