// Browser tests run against the real thing: the built SPA served by the API server, on a fresh
// database in a temp dir, on a free port. The URL reaches the tests through `inject('baseUrl')`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumProblem } from './support/browser';
import { JITSI_TEST_APP, startFakeJitsi } from './support/fake-jitsi';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The fake token-authenticated Jitsi server the classroom page embeds from (support/fake-jitsi.ts). */
    jitsiOrigin: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
// Vitest's module runner has no import.meta.resolve; require.resolve finds the same files.
const require = createRequire(import.meta.url);
const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const SERVER_READY_TIMEOUT = 90_000;
// Kept so a server that dies or never answers can say why.
const OUTPUT_TAIL = 200;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function collectOutput(child: ChildProcess, echo: boolean): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    if (echo) process.stderr.write(chunk);
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > OUTPUT_TAIL) lines.splice(0, lines.length - OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

async function buildSpa(): Promise<void> {
  // vitest runs with NODE_ENV=test; the browser tests must exercise the production bundle.
  const build = spawn(process.execPath, [viteBin, 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(build, false);
  const code = await new Promise<number | null>((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit code ${code}):\n${output.join('\n')}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited(child);
  clearTimeout(timer);
}

async function waitUntilReady(url: string, server: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The API server stopped before answering (exit ${server.exitCode ?? server.signalCode}):\n${output.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${url}/sanctum/csrf-cookie`, { signal: AbortSignal.timeout(2_000) });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The API server did not answer GET /sanctum/csrf-cookie within ${SERVER_READY_TIMEOUT / 1000} s:\n${output.join('\n')}`,
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Fail at once, before a build, when the browser is missing.
  const problem = chromiumProblem();
  if (problem) throw new Error(problem);

  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('[e2e] E2E_SKIP_BUILD=1: using the existing dist/.');
  } else {
    console.log('[e2e] building the SPA (vite build; set E2E_SKIP_BUILD=1 to reuse dist/)…');
    await buildSpa();
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'somesha-e2e-data-'));
  const jitsi = await startFakeJitsi();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A fresh database and the outbox mailer, whatever the developer's shell points at.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    APP_URL: url,
    // Classrooms embed from the fake Jitsi server, with tokens the tests can verify.
    JITSI_DOMAIN: jitsi.origin,
    JITSI_APP_ID: JITSI_TEST_APP.id,
    JITSI_APP_SECRET: JITSI_TEST_APP.secret,
    // The demo lesson's reminder (due at start) goes out within seconds rather than a minute.
    REMINDER_CHECK_INTERVAL_MS: '3000',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  // `--import tsx` resolves from cwd, the project root.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(server, process.env.E2E_SERVER_LOG === '1');

  try {
    await waitUntilReady(url, server, output);
  } catch (error) {
    await stop(server);
    await jitsi.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`[e2e] API server ready at ${url} (data in ${dataDir}).`);
  project.provide('baseUrl', url);
  project.provide('jitsiOrigin', jitsi.origin);

  return async () => {
    await stop(server);
    await jitsi.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
