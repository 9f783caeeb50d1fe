// The committed statechart of every machine (docs/machines/<name>.md) matches its definition.
// `npm run machines:diagrams` (MACHINE_DIAGRAMS=write) rewrites them instead of comparing.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramDocument, findMachines } from './machine-diagrams';

const dir = join(process.cwd(), 'docs', 'machines');
const write = process.env.MACHINE_DIAGRAMS === 'write';
const machines = findMachines();

describe('machine diagrams', () => {
  it('finds the machines of src/machines', () => {
    expect(machines.map((found) => found.name)).toEqual(expect.arrayContaining(['load-machine', 'payment-machine', 'session-machine']));
  });

  it.each(machines.map((found) => [found.name, found] as const))('docs/machines/%s.md is the diagram of its definition', (name, found) => {
    const file = join(dir, `${name}.md`);
    const expected = diagramDocument(found);
    if (write) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, expected);
    }
    expect(existsSync(file), `${file} is missing: run npm run machines:diagrams`).toBe(true);
    expect(readFileSync(file, 'utf8'), 'out of date: run npm run machines:diagrams').toBe(expected);
  });

  it('has no diagram of a machine that no longer exists', () => {
    const names = new Set(machines.map((found) => `${found.name}.md`));
    const stale = readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'README.md' && !names.has(file));
    if (write) for (const file of stale) rmSync(join(dir, file));
    expect(write ? [] : stale).toEqual([]);
  });

  // `npm run test:paths` needs the list of machines to report any without a model test.
  it('lists the machines for the paths report', () => {
    const report = process.env.MODEL_PATHS_REPORT;
    if (report) {
      mkdirSync(report, { recursive: true });
      writeFileSync(
        join(report, '_machines.json'),
        JSON.stringify(machines.map((found) => ({ name: found.name, id: found.machine.id, file: found.file }))),
      );
    }
    expect(new Set(machines.map((found) => found.machine.id)).size).toBe(machines.length);
  });
});
