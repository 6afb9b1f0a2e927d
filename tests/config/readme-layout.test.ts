import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';

/** The README's Layout section, as a newcomer reads it: every top-level folder of server/ and core/ is named there. */
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const layout = /^## Layout\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
const folders = (dir: string) => readdirSync(join(repoRoot, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const named = (dir: string) => new Set([...layout.matchAll(/^\s+([\w-]+)\/\s/gm)].map((match) => match[1]).filter((name) => folders(dir).includes(name!)));

describe("the README's Layout section", () => {
  it.each(['server', 'core'])('names every top-level folder of %s/', (dir) => {
    expect(layout).toContain(`${dir}/ `);
    expect(folders(dir).filter((name) => !named(dir).has(name))).toEqual([]);
  });

  it('names no folder of server/ or core/ that does not exist', () => {
    const indented = [...layout.matchAll(/^ {2}([\w-]+)\/\s/gm)].map((match) => match[1]!);
    const existing = new Set([...folders('server'), ...folders('core')]);
    expect(indented.filter((name) => !existing.has(name))).toEqual([]);
  });
});
