// src/views/styles/public.css replaces Mantine's whole stylesheet on the landing pages. This checks
// that it still styles everything they render: every Mantine component imported (statically) by the
// entry, the public layout and the `lightStyles` screens, with the components those are built on.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '@/shared/routes';

const root = resolve(__dirname, '../..');
const mantineEsm = join(root, 'node_modules/@mantine/core/esm/components');
const mantineStyles = join(root, 'node_modules/@mantine/core/styles');

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? join(root, 'src', spec.slice(2))
    : spec.startsWith('.')
      ? resolve(dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Mantine names imported by `entries` and every module they import statically (type imports aside). */
function mantineImports(entries: string[]): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = '', spec = ''] of source.matchAll(
      /^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/gm,
    )) {
      if (typeOnly) continue;
      if (spec === '@mantine/core') {
        const names = /\{([\s\S]*)\}/.exec(clause)?.[1]?.split(',') ?? [];
        for (const name of names.map((n) => n.trim()).filter((n) => n && !n.startsWith('type '))) {
          if (!used.has(name)) used.set(name, file.slice(root.length + 1));
        }
      }
      const local = resolveLocal(file, spec);
      if (local) visit(local);
    }
  };
  entries.forEach((entry) => visit(join(root, entry)));
  return used;
}

/** The component folders a Mantine component's code reaches (itself included). */
function mantineComponentsUnder(component: string): Set<string> {
  const folders = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const folder = /\/components\/([^/]+)\//.exec(file)?.[1];
    if (folder) folders.add(folder);
    for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      const target = resolve(dirname(file), spec);
      if (target.includes('/components/')) visit(target);
    }
  };
  visit(join(mantineEsm, component, `${component}.mjs`));
  return folders;
}

const publicCss = readFileSync(join(root, 'src/views/styles/public.css'), 'utf8');
const imported = new Set(
  [...publicCss.matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1]),
);

describe('the public stylesheet', () => {
  const lightScreens = routes.filter((route) => 'lightStyles' in route && route.lightStyles);

  it('is used by the home page, the classes list, a lesson view, a class page and a teacher profile, all in the public layout', () => {
    expect(lightScreens.map((route) => route.name)).toEqual([
      'web.home',
      'web.lessons.view',
      'web.lessons.show',
      'web.classes',
      'web.classes.view',
      'web.teachers.show',
    ]);
    expect(lightScreens.every((route) => route.layout === 'public')).toBe(true);
  });

  it("carries Mantine's global styles", () => {
    for (const file of ['baseline', 'default-css-variables', 'global']) expect(imported).toContain(file);
  });

  it('styles every Mantine component those pages render, and what they are built on', () => {
    const entries = [
      'src/main.tsx',
      'src/views/layouts/public-layout.tsx',
      ...new Set(lightScreens.map((route) => `src/views/pages/${route.screen.split('#')[0]}.tsx`)),
    ];
    const components = [...mantineImports(entries).keys()].filter((name) =>
      existsSync(join(mantineEsm, name)),
    );
    // Guards against a walk that silently finds nothing.
    expect(components).toEqual(
      expect.arrayContaining(['Button', 'Card', 'NativeSelect', 'Notification', 'Pagination']),
    );
    const missing = components.flatMap((component) =>
      [...mantineComponentsUnder(component)]
        .filter((folder) => existsSync(join(mantineStyles, `${folder}.css`)) && !imported.has(folder))
        .map((folder) => `${folder}.css (for ${component})`),
    );
    expect(missing).toEqual([]);
  });
});
