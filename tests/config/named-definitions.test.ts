import { describe, expect, it } from 'vitest';
import { effectDefinitions, effectNames } from '../../src/effects/effect-catalog';
import { screenDefinitions, screenNames } from '../../src/screens/screen-catalog';
import { widgetDefinitions, widgetNames } from '../../widgets/widget-catalog';

interface NamedDefinition {
  name: string;
}

/** Every definition the files export (a `define…` result: an object with a string `name`), with its file. */
function definitionsIn(modules: Record<string, Record<string, unknown>>): { file: string; definition: NamedDefinition }[] {
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.values(exports)
      .filter((value): value is NamedDefinition => typeof value === 'object' && value !== null && typeof (value as NamedDefinition).name === 'string')
      .map((definition) => ({ file: file.replace(/^\//, ''), definition })),
  );
}

/** 'incomeProofCallback' → 'income-proof-callback': how a definition's file (or widget folder) is named. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const kinds = [
  {
    kind: 'screen',
    found: definitionsIn(import.meta.glob<Record<string, unknown>>('/src/screens/**/*.screen.ts', { eager: true })),
    catalog: screenDefinitions as readonly NamedDefinition[],
    names: screenNames as readonly string[],
    fileOf: (name: string) => new RegExp(`/${kebab(name)}\\.screen\\.ts$`),
  },
  {
    kind: 'effect',
    found: definitionsIn(import.meta.glob<Record<string, unknown>>('/src/effects/**/*.effect.ts', { eager: true })),
    catalog: effectDefinitions as readonly NamedDefinition[],
    names: effectNames as readonly string[],
    fileOf: (name: string) => new RegExp(`/${kebab(name)}\\.effect\\.ts$`),
  },
  {
    kind: 'widget',
    found: definitionsIn(import.meta.glob<Record<string, unknown>>('/widgets/*/index.ts', { eager: true })),
    catalog: widgetDefinitions as readonly NamedDefinition[],
    names: widgetNames as readonly string[],
    fileOf: (name: string) => new RegExp(`^widgets/${kebab(name)}/index\\.ts$`),
  },
];

describe('names written once: each screen, effect and widget is defined in one file, and its catalog reads it', () => {
  it.each(kinds)('every $kind name is declared by exactly one definition', ({ found }) => {
    const filesByName = new Map<string, string[]>();
    for (const { file, definition } of found) filesByName.set(definition.name, [...(filesByName.get(definition.name) ?? []), file]);
    const declaredTwice = [...filesByName].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(declaredTwice).toEqual([]);
  });

  it.each(kinds)('the $kind catalog holds every definition file exports, each once, and nothing else', ({ found, catalog, names }) => {
    expect(found.length).toBeGreaterThan(0);
    const missing = found.filter(({ definition }) => !catalog.includes(definition)).map(({ file, definition }) => `${definition.name} (${file})`);
    expect(missing).toEqual([]);
    expect(catalog.filter((definition) => !found.some((entry) => entry.definition === definition))).toEqual([]);
    expect(new Set(catalog).size).toBe(catalog.length);
    expect(names).toEqual(catalog.map((definition) => definition.name));
  });

  it.each(kinds)('each $kind definition sits in the file named after it (the bench finds chunks that way)', ({ found, fileOf }) => {
    const misplaced = found.filter(({ file, definition }) => !fileOf(definition.name).test(file)).map(({ file, definition }) => `${definition.name} in ${file}`);
    expect(misplaced).toEqual([]);
  });
});
