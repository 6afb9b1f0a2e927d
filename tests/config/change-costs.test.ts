import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowConfig, StepApiRoute } from '../../core/engine/flow-types';
import { repoRoot } from '../../server/config/config-dirs';
import {
  type ConfigCopy,
  addDocumentStepAlone,
  addQuestion,
  configEdits,
  configProblems,
  documentStepId,
  letDocumentStepBeSentBack,
} from '../fixtures/config-edits';
import { readmeBlock } from '../fixtures/readme-step';

/**
 * What a change costs, as flow-config/README.md's table says (and the project README's Layout repeats): each change
 * is made on a copy of flow-config/ and schemas/, from the README's own blocks, and the files that differ afterwards
 * are counted. A change that comes to cost another number of files turns this red until the READMEs say so.
 */

const configReadme = readFileSync(join(repoRoot, 'flow-config', 'README.md'), 'utf8');
const projectReadme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The files column of a row of a README table, by the row's first cell. */
function filesFor(readme: string, change: string): number {
  const row = readme.split('\n').find((line) => line.startsWith(`| ${change} |`));
  if (!row) throw new Error(`no table row '${change}'`);
  return Number(row.split('|')[2]?.trim());
}

/** Every file of the copy, by its path in it, with its content. */
function contents(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return files;
}

/** The files added, changed or removed by `edit`, as paths in the copy ('flow-config/flow.json'). */
function filesChangedBy(copy: ConfigCopy & { root: string }, edit: (copy: ConfigCopy) => void): string[] {
  const before = contents(copy.root);
  edit(copy);
  const after = contents(copy.root);
  return [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path)).sort();
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
/** The repository's own flow-config/ and schemas/ (not ONBOARD_CONFIG_DIR's: the costs are those of the shipped config). */
function freshCopy(): ConfigCopy & { root: string } {
  const root = mkdtempSync(join(tmpdir(), 'onboard-change-costs-'));
  roots.push(root);
  cpSync(join(repoRoot, 'flow-config'), join(root, 'flow-config'), { recursive: true });
  cpSync(join(repoRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
  return { root, configDir: join(root, 'flow-config'), stepSchemasDir: join(root, 'schemas', 'step-data') };
}

const editNamed = (start: string) => {
  const edit = configEdits.find((candidate) => candidate.name.startsWith(start));
  if (!edit) throw new Error(`no config edit named '${start}…'`);
  return (copy: ConfigCopy) => edit.apply(copy);
};

describe("what each change costs, as flow-config/README.md's table says", () => {
  it.each<[string, (copy: ConfigCopy) => void]>([
    ['reword a message of a step', editNamed("'Father Name is required' reworded")],
    ['add an option to a list', editNamed("occupation 'Homemaker'")],
    ['reorder the steps', editNamed('bank details and liveliness swapped')],
    ['add a question to a step', addQuestion],
    ['add a form step', editNamed("the README's example step")],
    ['add a document step', addDocumentStepAlone],
  ])('%s: the files the table says, no code, and the check passes', (change, edit) => {
    const copy = freshCopy();
    const changed = filesChangedBy(copy, edit);
    expect(changed.length, changed.join(', ')).toBe(filesFor(configReadme, change));
    expect(changed.every((path) => path.startsWith('flow-config/') || path.startsWith('schemas/'))).toBe(true);
    expect(configProblems(copy)).toEqual([]);
  });

  it('let the back office send a document step back: the files the table says, beyond the step itself', () => {
    const copy = freshCopy();
    addDocumentStepAlone(copy);
    const changed = filesChangedBy(copy, letDocumentStepBeSentBack);
    const alreadyChanged = ['flow-config/flow.json'];
    expect(changed.filter((path) => !alreadyChanged.includes(path)).length, changed.join(', ')).toBe(filesFor(configReadme, 'let the back office send a document step back'));
    expect(configProblems(copy)).toEqual([]);
  });

  it("bind a step's answers to a path of its own: the files the project README says (the README's binding block)", () => {
    const copy = freshCopy();
    addDocumentStepAlone(copy);
    const changed = filesChangedBy(copy, () => {
      const file = join(copy.configDir, 'flow.json');
      const flow = JSON.parse(readFileSync(file, 'utf8')) as FlowConfig;
      const step = flow.steps.find((candidate) => candidate.id === documentStepId)!;
      step.api = [...(step.api ?? []), readmeBlock('document-binding') as unknown as StepApiRoute];
      writeFileSync(file, JSON.stringify(flow, null, 2));
    });
    expect(changed.length).toBe(filesFor(projectReadme, "bind a step's answers to a path of its own"));
    expect(configProblems(copy)).toEqual([]);
  });

  it("the project README's Layout gives the same costs", () => {
    for (const change of ['add a question to a step', 'add a form step', 'add a document step']) {
      expect([change, filesFor(projectReadme, change)]).toEqual([change, filesFor(configReadme, change)]);
    }
  });
});

describe('a feature of the server: its folder and one line of server/features.ts', () => {
  /** Folders every feature shares, or the providers' (registered through provider-setup.ts). */
  const notFeatures = ['platform', 'db', 'config', 'validation', 'schemas', 'providers'];
  const serverDir = join(repoRoot, 'server');
  const isRouteFile = (name: string) => name === 'routes' || /^(.+-)?routes\.ts$/.test(name);

  it('every folder of server/ with routes is registered in features.ts, and nowhere else', () => {
    const registry = readFileSync(join(serverDir, 'features.ts'), 'utf8');
    const registered = new Set([...registry.matchAll(/from '\.\/([\w-]+)\//g)].map((match) => match[1]));
    const withRoutes = readdirSync(serverDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !notFeatures.includes(entry.name))
      .map((entry) => entry.name)
      .filter((folder) => readdirSync(join(serverDir, folder)).some(isRouteFile));
    expect(withRoutes.filter((folder) => !registered.has(folder))).toEqual([]);
    expect(readFileSync(join(serverDir, 'app.ts'), 'utf8')).not.toMatch(/Routes\b.*from/);
  });
});

describe("a vendor of an outside service: its folder and its name in server/providers/registry.ts", () => {
  const providersDir = join(repoRoot, 'server', 'providers');
  const capabilities = readdirSync(providersDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'repositories');
  /** Every `<capability>/<vendor>/` folder: a vendor is a folder with an index.ts (its VendorDefinition). */
  const vendorFolders = capabilities.flatMap((capability) =>
    readdirSync(join(providersDir, capability.name), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(join(providersDir, capability.name, entry.name)).includes('index.ts'))
      .map((entry) => `${capability.name}/${entry.name}`),
  );
  /** Every file of server/ but the vendor folders themselves, by its path. */
  const serverFiles = readdirSync(join(repoRoot, 'server'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)))
    .filter((path) => !vendorFolders.some((folder) => path.startsWith(`server/providers/${folder}/`)));

  it('there are vendors to count', () => {
    expect(vendorFolders).toEqual(expect.arrayContaining(['sms/msg91', 'identity/digio', 'penny-drop/cashfree']));
  });

  it("each vendor's folder is imported by registry.ts alone, and registry.ts names it in a capability's vendors", () => {
    const registry = readFileSync(join(providersDir, 'registry.ts'), 'utf8');
    for (const folder of vendorFolders) {
      const importers = serverFiles.filter((path) => new RegExp(`from '[./]*(?:providers/)?${folder}(?:/[\\w./-]*)?'`).test(readFileSync(join(repoRoot, path), 'utf8')));
      expect({ folder, importers }).toEqual({ folder, importers: ['server/providers/registry.ts'] });
      const imported = new RegExp(`import \\{ (\\w+) \\} from '\\./${folder}(?:/index)?'`).exec(registry)?.[1];
      expect({ folder, listed: imported !== undefined && new RegExp(`vendors: \\[[^\\]]*\\b${imported}\\b`).test(registry) }).toEqual({ folder, listed: true });
    }
  });
});
