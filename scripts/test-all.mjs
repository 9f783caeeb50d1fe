#!/usr/bin/env node
// `npm test`: every vitest project, the browser tests beside the others instead of after them.
//
// Vitest runs a project whose files may not run in parallel (the browser tests share one server and
// its seeded accounts) in a group of its own, after every other group: the whole suite then took the
// sum of both. Here two vitest processes run at once: the machine, view, service and server tests in
// one, the browser tests (build, server, Chromium) in the other. Each line of the browser tests'
// output is prefixed `e2e │`. Exits non-zero when either fails.
// With arguments (`npm test -- tests/views/foo.test.tsx`), it runs one plain `vitest run` with them.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const extra = process.argv.slice(2);
const children = new Set();

function run(args, prefix = '') {
  const child = spawn('npx', ['vitest', 'run', ...args], {
    stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
    env: { ...process.env, ...(prefix ? { FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } : {}) },
  });
  children.add(child);
  if (prefix)
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

const codes = extra.length
  ? [await run(extra)]
  : await Promise.all([
      run(['--project', 'machines', '--project', 'unit', '--project', 'server']),
      run(['--project', 'e2e'], 'e2e │ '),
    ]);
if (codes.some((code) => code !== 0)) {
  if (!extra.length)
    console.error(
      `\nnpm test: FAILED (${codes[0] ? 'machines/unit/server' : ''}${codes[0] && codes[1] ? ' and ' : ''}${codes[1] ? 'e2e' : ''})`,
    );
  process.exit(1);
}
