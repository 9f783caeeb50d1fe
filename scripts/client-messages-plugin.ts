// The message catalogue (src/shared/messages.ts) is shared by the API and the SPA, so it also holds
// the texts only the server says (payment callbacks, feed and e-mail texts, admin answers): about
// 40 % of its bytes, ~2 KB compressed that every page downloaded and never showed. In the browser
// build this plugin keeps only the entries whose key the SPA's code names: as a string literal in a
// file under src/, or by the fixed head of a template literal (`plans.status.${status}`). The server,
// the SSR render, the dev server and the tests read the whole catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The keys the SPA names: string literals with a dot, and the heads of template literals. */
export function namedKeys(sources: string[]): { literals: Set<string>; heads: string[] } {
  const literals = new Set<string>();
  const heads: string[] = [];
  for (const code of sources) {
    for (const match of code.matchAll(/(['"`])([\w-]+(?:\.[\w-]+)+)\1/g)) literals.add(match[2]!);
    for (const match of code.matchAll(/`([\w-]+\.[\w.-]*)\$\{/g)) heads.push(match[1]!);
  }
  return { literals, heads };
}

/** `code` (the catalogue module) with only the entries of `messages` that `keep` accepts. */
export function pruneCatalogue(code: string, program: Node, keep: (key: string) => boolean): string {
  let object: Node | null = null;
  const visit = (node: unknown): void => {
    if (object || !node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'VariableDeclarator' && (n.id as Node & { name?: string }).name === 'messages') {
      let init = n.init as Node;
      while (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression') init = init.expression as Node;
      if (init.type === 'ObjectExpression') object = init;
      return;
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  if (!object) throw new Error('client-messages: no `messages` object literal in src/shared/messages.ts');
  const { start, end, properties } = object as Node & { properties: (Node & { key: Node & { value?: unknown } })[] };
  const kept = properties.filter((property) => {
    const key = property.key.value;
    return typeof key !== 'string' || keep(key);
  });
  return `${code.slice(0, start)}{${kept.map((p) => code.slice(p.start, p.end)).join(',')}}${code.slice(end)}`;
}

export function clientMessages(srcDir: string): Plugin {
  const catalogue = join(srcDir, 'shared', 'messages.ts').replace(/\\/g, '/');
  return {
    name: 'somesha:client-messages',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (id.replace(/\\/g, '/') !== catalogue) return null;
      const sources = sourceFiles(srcDir)
        .filter((file) => file.replace(/\\/g, '/') !== catalogue)
        .map((file) => readFileSync(file, 'utf8'));
      const { literals, heads } = namedKeys(sources);
      const keep = (key: string) => literals.has(key) || heads.some((head) => key.startsWith(head));
      return { code: pruneCatalogue(code, this.parse(code) as unknown as Node, keep), map: null };
    },
  };
}
