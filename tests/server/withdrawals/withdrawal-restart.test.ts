// Kill the server (SIGKILL) in the middle of a withdrawal and start it again on the same database
// (issue 23): after the hold committed but before the B2C request left, and after the request but
// before M-Pesa's result came. Either way the money is paid once (or returned once) and the money audit
// finds no breach. Real processes, a real embedded database on disk, the B2C sandbox's own records.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../commerce/buyers';
import { Browser, freePort, type Json } from '../support/test-server';

const root = path.resolve(__dirname, '../../..');

let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let output = '';

function startServer(env: Record<string, string> = {}): ChildProcess {
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
      MPESA_SANDBOX_STATUS_DELAY_MS: '50',
      MPESA_SANDBOX_B2C_RESULT_DELAY_MS: '200',
      PAYMENT_CHECK_INTERVAL_MS: '200',
      PAYMENT_FIRST_CHECK_AFTER_MS: '500',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return started;
}

const url = () => `http://127.0.0.1:${port}`;

async function ready(): Promise<void> {
  await eventually(async () => {
    const response = await fetch(`${url()}/sanctum/csrf-cookie`).catch(() => null);
    return response?.status === 204;
  }, 60_000);
}

const exited = (process: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (process.exitCode !== null || process.signalCode !== null) resolve();
    else process.once('exit', () => resolve());
  });

async function kill(): Promise<void> {
  child?.kill('SIGKILL');
  if (child) await exited(child);
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'somesha-withdrawal-restart-'));
  port = await freePort();
  output = '';
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
  child = null;
  await rm(dataDir, { recursive: true, force: true });
});

/** Once the withdrawal is final: the teacher's list, the wallet and the money audit. */
async function settled(teacher: Browser, id: number) {
  const final = await eventually(async () => {
    const list = (await teacher.get('/api/wallet/withdrawals')).body as Json;
    const found = list?.data?.find((row: Json) => row.id === id);
    return found && found.status !== 'pending' ? found : null;
  }, 40_000).catch(() => {
    throw new Error(`The withdrawal never settled. Server output:\n${output}`);
  });
  const admin = new Browser(url());
  await admin.signIn('admin@example.com');
  const audit = (await admin.get('/api/admin/audit')).body.data;
  return { final, wallet: (await teacher.get('/api/wallet')).body.data, audit };
}

describe('a withdrawal when the server is killed', () => {
  it('after the hold, before the B2C request: M-Pesa never had it, so it is sent once and paid once', async () => {
    // Daraja takes 5 s to accept: the process dies while the request is on its way, never made.
    child = startServer({ MPESA_SANDBOX_B2C_ACCEPT_DELAY_MS: '5000' });
    await ready();
    const teacher = new Browser(url());
    await teacher.signIn('teacher@example.com');
    const before = (await teacher.get('/api/wallet')).body.data;
    void teacher.post('/api/wallet/withdraw', { amount: 700, pin: '1234' }).catch(() => null);
    const held = await eventually(async () => {
      const list = (await teacher.get('/api/wallet/withdrawals')).body as Json;
      return list?.data?.[0]?.status === 'pending' ? list.data[0] : null;
    }, 10_000);
    await kill();

    child = startServer();
    await ready();
    const { final, wallet, audit } = await settled(teacher, held.id);
    expect(final).toMatchObject({ status: 'completed', amount: '700.00' });
    expect(final.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(Number(wallet.balance)).toBe(Number(before.balance) - 700);
    expect(audit.checks.filter((check: Json) => !check.ok)).toEqual([]);
  }, 180_000);

  it('after the B2C request, before its result: the status query finds it paid, once', async () => {
    // M-Pesa pays 3 s after the request: its result is posted to a process already dead.
    child = startServer({ MPESA_SANDBOX_B2C_RESULT_DELAY_MS: '3000' });
    await ready();
    const teacher = new Browser(url());
    await teacher.signIn('teacher@example.com');
    const before = (await teacher.get('/api/wallet')).body.data;
    const response = await teacher.post('/api/wallet/withdraw', { amount: 800, pin: '1234' });
    expect(response.status).toBe(202);
    await kill();

    child = startServer({ MPESA_SANDBOX_B2C_RESULT_DELAY_MS: '3000' });
    await ready();
    const { final, wallet, audit } = await settled(teacher, response.body.transaction.id);
    expect(final).toMatchObject({ status: 'completed', amount: '800.00' });
    expect(Number(wallet.balance)).toBe(Number(before.balance) - 800);
    expect(audit.checks.filter((check: Json) => !check.ok)).toEqual([]);
  }, 180_000);
});
