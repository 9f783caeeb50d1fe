// `npm run dev`: the API (restarted on change by `tsx watch`) and the Vite dev server side by side.
// Vite proxies /api, /sanctum, /dev and /sandbox to API_PORT (see vite.config.ts), so the browser
// talks to one origin, as in production. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { projectRoot, serverEntry, tsxCli, viteBin } from './toolchain.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';
// Links in e-mails must open the app through Vite, not the bare API port.
const appUrl = process.env.APP_URL ?? `http://localhost:${webPort}`;
const colour = process.stdout.isTTY
  ? { api: '\x1b[35m', web: '\x1b[36m', reset: '\x1b[0m' }
  : { api: '', web: '', reset: '' };

const processes = [
  {
    name: 'api',
    args: [tsxCli, 'watch', '--clear-screen=false', serverEntry],
    env: { PORT: apiPort, APP_URL: appUrl },
  },
  {
    name: 'web',
    // A fixed port, so the links in e-mails (APP_URL) point at it.
    args: [viteBin, '--port', webPort, '--strictPort'],
    env: { API_PORT: apiPort },
  },
];

let stopping = false;
const running = new Set();

function prefix(name, stream, target) {
  const label = `${colour[name]}[${name}]${colour.reset} `;
  createInterface({ input: stream }).on('line', (line) => target.write(`${label}${line}\n`));
}

// Ctrl-C in a terminal signals the whole process group, children included. A second signal makes
// `tsx watch` SIGKILL the server, which can leave PGlite's data directory unusable, so after a
// SIGINT the children get a grace period to stop on their own before we send SIGTERM.
const SIGINT_GRACE_MS = 3000;
const KILL_AFTER_MS = 10_000;

function stopAll(exitCode, graceMs = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  setTimeout(() => {
    for (const child of running) child.kill('SIGTERM');
    // A child that ignores SIGTERM must not keep the terminal hostage.
    setTimeout(() => {
      for (const child of running) child.kill('SIGKILL');
    }, KILL_AFTER_MS).unref();
  }, graceMs).unref();
}

for (const { name, args, env } of processes) {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    // Children write to pipes, not a terminal; keep their colours when we have one.
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  prefix(name, child.stdout, process.stdout);
  prefix(name, child.stderr, process.stderr);
  child.once('error', (error) => {
    console.error(`[dev] could not start ${name}: ${error.message}`);
    running.delete(child);
    stopAll(1);
  });
  child.once('exit', (code, signal) => {
    running.delete(child);
    if (stopping) return;
    if (signal === 'SIGINT') {
      // Ctrl-C reached the child before our own handler ran.
      stopAll(0, SIGINT_GRACE_MS);
    } else {
      console.error(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
      stopAll(code || 1, SIGINT_GRACE_MS);
    }
  });
}

console.log(`[dev] app on ${appUrl} (Vite, proxying to the API on port ${apiPort}). Ctrl-C stops both.`);

process.on('SIGINT', () => stopAll(0, SIGINT_GRACE_MS));
process.on('SIGTERM', () => stopAll(0));
process.on('SIGHUP', () => stopAll(0));
