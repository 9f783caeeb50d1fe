// The message catalogue (src/shared/messages.ts) is shared by the API and the SPA, so it also holds
// the texts only the server says (payment callbacks, feed and e-mail texts, admin answers): about
// 40 % of its bytes, ~2 KB compressed that every page downloaded and never showed. In the browser
// build this plugin keeps only the entries whose key the SPA's code names: as a string literal in a
// file under src/, or by the fixed head of a template literal (`plans.status.${status}`). The server,
// the SSR render, the dev server and the tests read the whole catalogue.
//
// Of those, the entries only signed-in code names (issue 25: reviews, messages, phone and SMS
// settings… ~1.8 KB compressed) leave the catalogue every page loads for a module of their own
// (`virtual:somesha-more-messages`), which adds them to `messages` when it runs: each source file
// that a public page does not import statically (the `publicRoots`, followed through their static
// imports) and that names one of them imports it first. So a signed-in screen, an overlay or a
// lazily loaded form has its texts before its code runs, and a visitor's page does not carry them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseSync, type Plugin } from 'vite';

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
      while (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression')
        init = init.expression as Node;
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
  const { start, end, properties } = object as Node & {
    properties: (Node & { key: Node & { value?: unknown } })[];
  };
  const kept = properties.filter((property) => {
    const key = property.key.value;
    return typeof key !== 'string' || keep(key);
  });
  return `${code.slice(0, start)}{${kept.map((p) => code.slice(p.start, p.end)).join(',')}}${code.slice(end)}`;
}

const posix = (path: string) => path.replace(/\\/g, '/');

/**
 * The source files `roots` import statically, transitively (`import … from`, `import '…'`,
 * `export … from`; not `import type`, not `import()`), resolving `@/` to `srcDir`. Read from the
 * text: a file it misses only keeps its texts out of the catalogue every page loads, never a text
 * out of reach of the file that names it.
 */
export function staticallyImported(srcDir: string, roots: string[]): Set<string> {
  const found = new Set<string>();
  const resolveFile = (from: string, specifier: string): string | null => {
    const base = specifier.startsWith('@/')
      ? join(srcDir, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : null;
    if (!base) return null;
    for (const candidate of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      join(base, 'index.ts'),
      join(base, 'index.tsx'),
    ])
      if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return posix(candidate);
    return null;
  };
  const stack = roots.map(posix);
  while (stack.length) {
    const file = stack.pop()!;
    if (found.has(file) || !existsSync(file)) continue;
    found.add(file);
    const code = readFileSync(file, 'utf8');
    const specifiers = [
      ...code.matchAll(/(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g),
      ...code.matchAll(/(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      const imported = resolveFile(file, specifier);
      if (imported) stack.push(imported);
    }
  }
  return found;
}

export const MORE_MESSAGES = 'virtual:somesha-more-messages';
const MORE = MORE_MESSAGES;
const MORE_ID = `\0${MORE}`;

/** `publicRoots`: the files whose static imports make up what a visitor's pages load (absolute). */
export function clientMessages(srcDir: string, publicRoots: string[]): Plugin {
  const catalogue = posix(join(srcDir, 'shared', 'messages.ts'));
  type Split = { main: (key: string) => boolean; more: (key: string) => boolean; importers: Set<string> };
  let split: Split | null = null;
  const splitOf = (): Split => {
    if (split) return split;
    const sources = new Map(
      sourceFiles(srcDir)
        .map((file) => posix(file))
        .filter((file) => file !== catalogue)
        .map((file) => [file, readFileSync(file, 'utf8')] as const),
    );
    const publicFiles = staticallyImported(srcDir, publicRoots);
    const named = (keys: ReturnType<typeof namedKeys>) => (key: string) =>
      keys.literals.has(key) || keys.heads.some((head) => key.startsWith(head));
    const main = named(
      namedKeys([...sources].filter(([file]) => publicFiles.has(file)).map(([, code]) => code)),
    );
    const anywhere = named(namedKeys([...sources.values()]));
    const more = (key: string) => !main(key) && anywhere(key);
    const importers = new Set<string>();
    for (const [file, code] of sources) {
      if (publicFiles.has(file)) continue;
      const keys = namedKeys([code]);
      if ([...keys.literals].some(more) || keys.heads.length) importers.add(file);
    }
    split = { main, more, importers };
    return split;
  };
  return {
    name: 'somesha:client-messages',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      split = null;
    },
    resolveId(id) {
      return id === MORE ? MORE_ID : null;
    },
    load(id) {
      if (id !== MORE_ID) return null;
      const source = readFileSync(catalogue, 'utf8');
      const { program } = parseSync(catalogue, source);
      const entries = pruneCatalogue(source, program as unknown as Node, splitOf().more).match(
        /export const messages = (\{[\s\S]*?\}) as const;/,
      );
      if (!entries) throw new Error('client-messages: `export const messages = {…} as const;` not found');
      return `import { messages } from ${JSON.stringify(catalogue)};\nObject.assign(messages, ${entries[1]});\n`;
    },
    transform(code, id) {
      const file = posix(id);
      if (file === catalogue)
        return { code: pruneCatalogue(code, this.parse(code) as unknown as Node, splitOf().main), map: null };
      if (!file.startsWith(posix(srcDir)) || !splitOf().importers.has(file)) return null;
      return { code: `import ${JSON.stringify(MORE)};\n${code}`, map: null };
    },
  };
}
