// Every machine of src/machines, found by its module, and its statechart as Mermaid, drawn from the
// machine definition itself (`machine.root`): states, initial states, and every written transition
// with its event and guard. `npm run machines:diagrams` writes them to docs/machines/<name>.md;
// tests/machines/diagrams.test.ts fails when a committed diagram is out of date.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { writtenTransitions } from './model-paths';

export type FoundMachine = { name: string; file: string; exportName: string; machine: AnyStateMachine };

function isMachine(value: unknown): value is AnyStateMachine {
  return Boolean(value && typeof value === 'object' && 'root' in value && 'config' in value && 'provide' in value);
}

/** Every machine exported by src/machines/*.ts, by file (`list-machine`) — more than one per file gets its export name. */
export function findMachines(): FoundMachine[] {
  const modules = import.meta.glob<Record<string, unknown>>('/src/machines/*.ts', { eager: true });
  const found: FoundMachine[] = [];
  for (const [path, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const file = path.replace(/^\//, '');
    const base = file.replace(/^src\/machines\//, '').replace(/\.ts$/, '');
    const machines = Object.entries(module).filter(([, value]) => isMachine(value)) as Array<[string, AnyStateMachine]>;
    for (const [exportName, machine] of machines)
      found.push({ name: machines.length > 1 ? `${base}.${exportName}` : base, file, exportName, machine });
  }
  return found;
}

function idOf(node: AnyStateNode): string {
  return node.path.length ? node.path.map((part) => part.replace(/[^A-Za-z0-9_]/g, '_')).join('__') : 'machine';
}

/** Mermaid labels break on a few characters; keep the words. */
function label(text: string): string {
  return text.replace(/[:;#"]/g, ' ').replace(/\s+/g, ' ').trim();
}

function transitionLabel(eventType: string, name: string): string {
  // The name is `source --event[guard]--> targets`: keep the middle part.
  const middle = /--(.*)--> /.exec(name)?.[1] ?? eventType;
  return label(middle.replace(/^xstate\.(done|error)\.actor\./, '$1 ').replace(/^xstate\.done\.state\..*$/, 'done'));
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const transitions = writtenTransitions(machine);
  // A transition written on a state with children applies in any of them: it starts from an
  // "(any …)" node beside that state (Mermaid draws no edge from a cluster to its own child).
  const anySources = new Set(transitions.filter((t) => Object.keys(t.source.states).length).map((t) => t.source));
  const from = (node: AnyStateNode) => (anySources.has(node) ? `${idOf(node)}__any` : idOf(node));
  const visit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(node.states);
    const initial = (node as unknown as { initial?: { target: AnyStateNode[] } }).initial;
    // The root has no box of its own unless its regions run in parallel.
    const boxed = node.path.length > 0 || node.type === 'parallel';
    const name = node.path.length ? node.key : machine.id;
    if (boxed) lines.push(`${pad}state "${label(name)}" as ${idOf(node)}${children.length ? ' {' : ''}`);
    const inner = boxed ? depth + 1 : depth;
    const innerPad = '  '.repeat(inner);
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${innerPad}--`);
        visit(child, inner);
      });
    } else {
      if (children.length && initial?.target.length) lines.push(`${innerPad}[*] --> ${idOf(initial.target[0]!)}`);
      for (const child of children) visit(child, inner);
      for (const child of children) if (child.type === 'final') lines.push(`${innerPad}${idOf(child)} --> [*]`);
    }
    if (boxed && children.length) lines.push(`${pad}}`);
    if (anySources.has(node)) lines.push(`${pad}state "(any ${label(name)} state)" as ${from(node)}`);
  };
  visit(machine.root, 1);
  for (const written of transitions) {
    const start = from(written.source);
    const ends = written.targets.length ? written.targets.map(idOf) : [start];
    for (const end of ends) lines.push(`  ${start} --> ${end} : ${transitionLabel(written.eventType, written.name)}`);
  }
  return lines.join('\n');
}

export function diagramDocument(found: FoundMachine): string {
  const transitions = writtenTransitions(found.machine);
  return [
    `# ${found.name}`,
    '',
    `The statechart of \`${found.exportName}\` (machine id \`${found.machine.id}\`, \`${found.file}\`), drawn from the machine`,
    'definition by `npm run machines:diagrams`; do not edit by hand. A transition written on a state with',
    'children starts from its "(any …)" node; one without a target (actions only) loops back where it starts.',
    'To edit it visually, open the source in the Stately editor (Import → paste the machine), or run',
    '`npm run dev` and open the app with `?inspect` to watch the running system.',
    '',
    '```mermaid',
    toMermaid(found.machine),
    '```',
    '',
    `${transitions.length} written transitions:`,
    '',
    ...transitions.map((written) => `- \`${written.name}\``),
    '',
  ].join('\n');
}
