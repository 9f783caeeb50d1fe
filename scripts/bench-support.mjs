// What the benchmark scripts (bench-web.mjs, bench-api.mjs) share: a free port, a child process
// that must succeed, and waiting for a server they started to answer.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, known before the server listens (it needs its own URL). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a command with its output shown; rejects unless it exits 0. */
export function run(command, argv, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${argv.join(' ')} exited with ${code}`)),
    );
  });
}

/** Resolves once `url + path` answers below 500; throws when `server` (a child process) stops or time runs out. */
export async function waitUntilReady(
  url,
  server,
  { path = '/sanctum/csrf-cookie', timeoutMs = 90_000 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}).`);
    try {
      const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s.`);
}
