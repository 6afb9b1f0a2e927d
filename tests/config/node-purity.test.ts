import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';

/** Value imports (not `import type`) of one file: bare package names and resolved relative paths. */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/^import\s+(?!type\b)[^'";]*?['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '');
  return specs.map((spec) => (spec.startsWith('.') ? resolve(dirname(file), spec) : spec));
}

function resolveFile(path: string): string {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next spelling
    }
  }
  throw new Error(`cannot resolve ${path}`);
}

/** Every package and repository file the entry pulls in at runtime. */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith('.json')) return;
    for (const spec of valueImports(file)) {
      if (spec.startsWith('/')) visit(resolveFile(spec));
      else packages.add(spec);
    }
  };
  visit(join(repoRoot, entry));
  return { files: [...files].map((file) => relative(repoRoot, file)), packages: [...packages] };
}

describe('the Node-side config check', () => {
  it('loads no React, antd, rjsf components or .tsx file (it runs in CI and on the server)', () => {
    const { files, packages } = importGraph('scripts/check-config.ts');
    expect(files).toContain('widgets/widget-catalog.ts');
    expect(files).toContain('src/screens/options-schemas.ts');
    expect(files).toContain('src/screens/screen-catalog.ts');
    expect(files).toContain('src/effects/effect-catalog.ts');
    expect(files.filter((file) => file.endsWith('.tsx') || file.endsWith('.css'))).toEqual([]);
    expect(packages.filter((name) => /^(react|react-dom|antd|@rjsf\/core|jotai)(\/|$)/.test(name))).toEqual([]);
  });
});
