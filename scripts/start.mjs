// `npm start`: build the SPA when dist/ is missing or stale, then run the API server, which
// migrates, seeds an empty database and serves dist/ with /api on PORT (default 3000).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildSpa, projectRoot, serverEntry, staleBuildReason, tsxLoader } from './toolchain.mjs';

const log = (line) => console.log(`[start] ${line}`);

const reason = staleBuildReason();
if (reason) {
  log(`${reason}: building the SPA with Vite…`);
  const code = await buildSpa();
  if (code !== 0) {
    console.error(`[start] vite build failed (exit code ${code}); not starting the server.`);
    process.exit(code);
  }
} else {
  log('dist/ is up to date, skipping the build.');
}

log(`starting the server (${serverEntry}) on port ${process.env.PORT ?? 3000}…`);
const server = spawn(process.execPath, ['--import', tsxLoader, serverEntry], {
  cwd: projectRoot,
  env: process.env,
  stdio: 'inherit',
});

// Ctrl-C in a terminal reaches the whole process group, so the server already has the SIGINT; it
// handles each signal once, and a second SIGINT would kill it before the database is closed. So a
// SIGINT is passed on (as SIGTERM, which the server also stops on) only if the server is still up
// after a grace period; a SIGTERM or SIGHUP sent to this process alone is passed on at once.
const SIGINT_GRACE_MS = 3000;
const serverRunning = () => server.exitCode === null && server.signalCode === null;

process.on('SIGINT', () => {
  setTimeout(() => serverRunning() && server.kill('SIGTERM'), SIGINT_GRACE_MS).unref();
});
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.on(signal, () => serverRunning() && server.kill('SIGTERM'));
}

server.once('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});

server.once('exit', (code, signal) => {
  // Shell convention: a process ended by a signal exits with 128 + the signal number.
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});
