import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';

/** Every module a file names: imports (type-only ones too), re-exports and import() calls. */
function imports(file: string): string[] {
  // Comments may show an import as an example: not read.
  const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statics = [...source.matchAll(/^(?:import|export)\s[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '');
  const bare = [...source.matchAll(/^import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '');
  const dynamic = [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? '');
  return [...statics, ...bare, ...dynamic];
}

function resolveFile(path: string): string {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts'), path.replace(/\.js$/, '.ts')];
  const found = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error(`cannot resolve ${path}`);
  return found;
}

/** Every repository file and package the entries reach, as paths relative to the repository. */
function importGraph(...entries: string[]): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const spec of imports(file)) {
      if (spec.startsWith('.')) visit(resolveFile(resolve(dirname(file), spec)));
      else packages.add(spec);
    }
  };
  entries.forEach((entry) => visit(join(repoRoot, entry)));
  return { files: [...files].map((file) => relative(repoRoot, file)), packages: [...packages] };
}

describe("the server's import graph", () => {
  const { files, packages } = importGraph('server/main.ts', 'scripts/check-config.ts');

  it('reaches the name catalogue in core/ and the config check', () => {
    expect(files).toEqual(expect.arrayContaining(['core/catalog/catalog.ts', 'core/catalog/widgets.ts', 'server/config/load-config.ts']));
  });

  it('holds no file of src/ or widgets/ (the browser app), nor any .tsx or .css', () => {
    expect(files.filter((file) => /^(src|widgets)\//.test(file) || /\.(tsx|css)$/.test(file))).toEqual([]);
  });

  it('loads no React, antd, rjsf components or jotai', () => {
    expect(packages.filter((name) => /^(react|react-dom|antd|@rjsf\/core|jotai)(\/|$)/.test(name))).toEqual([]);
  });
});
