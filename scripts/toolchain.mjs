// Where the project's own tools live and how to launch them with the running Node, so the scripts
// work on a fresh clone after `npm ci` without relying on PATH, a shell or npx.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const packageDir = (name) => dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)));

export const viteBin = join(packageDir('vite'), 'bin', 'vite.js');
export const tsxCli = join(packageDir('tsx'), 'dist', 'cli.mjs');
/** `node --import <tsxLoader> file.ts` runs TypeScript in-process, with no extra tsx parent process. */
export const tsxLoader = import.meta.resolve('tsx');
export const serverEntry = 'server/main.ts';

// Everything the SPA build reads; a change in any of these makes dist/ stale.
const buildInputs = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json'];

function newestFile(path) {
  if (!existsSync(path)) return null;
  const stats = statSync(path);
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  let newest = null;
  for (const entry of readdirSync(path)) {
    const found = newestFile(join(path, entry));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the SPA must be (re)built, or null when dist/index.html is newer than every input. */
export function staleBuildReason(root = projectRoot) {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return 'dist/index.html is missing';
  const builtAt = statSync(built).mtimeMs;
  for (const input of buildInputs) {
    const newest = newestFile(join(root, input));
    if (newest && newest.mtimeMs > builtAt) {
      return `${relative(root, newest.path)} changed after the last build`;
    }
  }
  return null;
}

/** Runs a Node script as a child with inherited stdio; resolves with its exit code. */
export function runNode(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function buildSpa() {
  // Always a production bundle, even when the caller runs with NODE_ENV=development or test.
  return runNode([viteBin, 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
}
