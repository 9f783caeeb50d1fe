#!/usr/bin/env node
// `npm run test:paths`: runs the model-based machine tests and prints, per machine, what a QA person
// needs to trust them: states, transitions written in the machine, transitions walked by the
// generated paths, paths generated, mutants killed, and any written transition not walked.
// Exits non-zero when a test fails, a machine has no model test, or a written transition is neither
// walked nor allow-listed (docs/machines.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'somesha-paths-'));
const run = spawnSync('npx', ['vitest', 'run', '--project', 'machines'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, MODEL_PATHS_REPORT: dir },
});

const problems = [];
if (run.status !== 0) problems.push(`the machine tests failed (vitest exit ${run.status ?? run.signal})`);

const read = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const machines = existsSync(join(dir, '_machines.json')) ? read('_machines.json') : [];
if (machines.length === 0) problems.push('no machine list (tests/machines/diagrams.test.ts did not run)');

const rows = [];
const gaps = [];
const equivalents = [];
for (const { name, id } of machines) {
  const file = `${id}.json`;
  if (!existsSync(join(dir, file))) {
    rows.push([name, '-', '-', '-', '-', '-', '-', 'NO MODEL TEST']);
    problems.push(`${name}: no model test measures its transitions`);
    continue;
  }
  const report = read(file);
  const walked = new Set(report.walked);
  const allowed = report.allowed ?? {};
  const notWalked = report.transitions.filter((t) => !walked.has(t) && !(t in allowed));
  const written = report.transitions.length;
  const percent = written ? Math.floor(((walked.size + Object.keys(allowed).length) * 100) / written) : 100;
  const equivalent = report.mutants
    ? report.mutants.survivors.filter((s) => s in (report.mutants.allowed ?? {})).length
    : 0;
  const mutants = report.mutants
    ? `${report.mutants.killed}/${report.mutants.total}${equivalent ? ` (+${equivalent} equivalent)` : ''}`
    : 'not run';
  if (!report.mutants) problems.push(`${name}: no mutation check`);
  else if (report.mutants.survivors.some((s) => !(s in (report.mutants.allowed ?? {}))))
    problems.push(`${name}: ${report.mutants.survivors.length} mutant(s) survived`);
  rows.push([
    name,
    report.states,
    written,
    walked.size,
    Object.keys(allowed).length,
    report.paths,
    mutants,
    notWalked.length ? `${percent} %` : '100 %',
  ]);
  for (const t of notWalked) gaps.push(`${name}: ${t}`);
  for (const [t, reason] of Object.entries(allowed)) gaps.push(`${name}: allow-listed ${t} (${reason})`);
  for (const survivor of report.mutants?.survivors ?? [])
    if (survivor in (report.mutants.allowed ?? {}))
      equivalents.push(`${name}: ${survivor} (${report.mutants.allowed[survivor]})`);
}
if (gaps.some((g) => !g.includes(': allow-listed ')))
  problems.push('written transitions not walked (listed above)');

const header = [
  'Machine',
  'States',
  'Transitions written',
  'Walked',
  'Allow-listed',
  'Paths',
  'Mutants killed',
  'Coverage',
];
const table = [header, ...rows].map((row) => row.map(String));
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
const line = (row) =>
  `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
console.log('\nTransitions written in each machine, and walked by its generated paths:\n');
console.log(line(table[0]));
console.log(
  `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
);
for (const row of table.slice(1)) console.log(line(row));
if (gaps.length) {
  console.log('\nNot walked, or allow-listed with the reason:');
  for (const gap of gaps) console.log(`- ${gap}`);
}
if (equivalents.length) {
  console.log('\nMutants no test can tell from the machine (equivalent), each with the reason:');
  for (const line of equivalents) console.log(`- ${line}`);
}
rmSync(dir, { recursive: true, force: true });
if (problems.length) {
  console.error(`\ntest:paths FAILED:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `\nEvery written transition of ${rows.length} machines is walked; every mutant is killed but the equivalent ones listed.`,
);
