import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedLanguage } from '../../core/engine/languages';
import { translated, translationProblems, translationSkeleton, textLeaves } from '../../core/engine/translations';
import { repoRoot } from '../../server/config/config-dirs';
import { schemaTextsFor, textFiles } from '../../server/config/languages';
import { loadStepSchemas, schemaSettings } from '../../server/validation/step-schemas';
import { configProblems } from '../fixtures/flow-config';

/** The repository's own config (not a config-edits copy), with Hindi declared beside English. */
function withHindi(edit?: (root: string) => void): string[] {
  const root = mkdtempSync(join(tmpdir(), 'onboard-languages-'));
  cpSync(join(repoRoot, 'flow-config'), join(root, 'flow-config'), { recursive: true });
  cpSync(join(repoRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
  const languages = { default: 'en', languages: [{ code: 'en', name: 'English' }, { code: 'hi', name: 'हिन्दी' }] };
  writeFileSync(join(root, 'flow-config', 'languages.json'), JSON.stringify(languages));
  edit?.(root);
  return configProblems(join(root, 'flow-config'), { stepSchemasDir: join(root, 'schemas', 'step-data') });
}

const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('languages in flow-config', () => {
  it('the Hindi texts cover every text of every config file', () => {
    expect(withHindi()).toEqual([]);
  });

  it('a missing Hindi key fails the check, naming the file and the path', () => {
    const problems = withHindi((root) => {
      const file = join(root, 'flow-config', 'languages', 'hi', 'pages', 'pan.json');
      const pan = readJson(file) as { pages: Record<string, { copy: Record<string, string> }> };
      delete pan.pages['/verify-pan']!.copy.title;
      writeFileSync(file, JSON.stringify(pan));
    });
    expect(problems).toEqual(['flow-config/languages/hi/pages/pan.json: missing the text at pages."/verify-pan".copy.title ("Verify your PAN")']);
  });

  it('a text the English file lacks, and a file that translates nothing, are refused', () => {
    const problems = withHindi((root) => {
      const dir = join(root, 'flow-config', 'languages', 'hi');
      const messages = readJson(join(dir, 'messages.json')) as Record<string, Record<string, string>>;
      messages.otp!.gone = 'पुराना पाठ';
      writeFileSync(join(dir, 'messages.json'), JSON.stringify(messages));
      writeFileSync(join(dir, 'pages', 'retired.json'), '{}');
    });
    expect(problems).toEqual([
      'flow-config/languages/hi/messages.json: otp.gone is not a text of the file it translates',
      'flow-config/languages/hi/pages/retired.json: translates no file (there is no pages/retired.json to translate)',
    ]);
  });

  it('a list keeps its values and takes its labels from the language (an enum list as x-labels)', () => {
    const english = readJson(join(repoRoot, 'schemas', 'lists', 'occupation.json'));
    const hindi = readJson(join(repoRoot, 'flow-config', 'languages', 'hi', 'lists', 'occupation.json'));
    const list = translated('list', english, hindi);
    expect(list.enum).toEqual(english.enum);
    expect(list['x-labels']).toEqual((hindi as { labels: unknown }).labels);
    expect(textLeaves('list', english).map(({ path }) => path[1])).toEqual(english.enum);
  });

  it("a list's option descriptions are texts too: the segments explained in the language (issue 32), the codes kept", () => {
    const english = readJson(join(repoRoot, 'schemas', 'lists', 'segments.json')) as { oneOf: { const: string; title: string; description: string }[] };
    const hindi = readJson(join(repoRoot, 'flow-config', 'languages', 'hi', 'lists', 'segments.json')) as { descriptions: Record<string, string> };
    const list = translated('list', english, hindi) as typeof english;
    expect(list.oneOf.map((option) => option.const)).toEqual(english.oneOf.map((option) => option.const));
    expect(list.oneOf.map((option) => option.description)).toEqual(english.oneOf.map((option) => hindi.descriptions[option.const]));
    expect(textLeaves('list', english).filter(({ path }) => path[0] === 'descriptions')).toHaveLength(english.oneOf.length);
    // In plain words, not the exchanges' segment codes.
    for (const { description } of english.oneOf) expect(description).not.toMatch(/\b(NSECM|BSECM|NSESLBM|NSEFO|BSEFO|NSECD|BSECD)\b/);
  });

  it('Accept-Language picks the first declared language by q-value', () => {
    const config = { default: 'en', languages: [{ code: 'en', name: 'English' }, { code: 'hi', name: 'हिन्दी' }] };
    expect(acceptedLanguage(config, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(acceptedLanguage(config, 'fr;q=1, en;q=0.5, hi;q=0.7')).toBe('hi');
    expect(acceptedLanguage(config, 'fr, de')).toBeUndefined();
    expect(acceptedLanguage(config, undefined)).toBeUndefined();
  });

  it("a language's skeleton (npm run languages -- skeleton) holds exactly the English file's texts", () => {
    for (const { kind, name, english } of textFiles(join(repoRoot, 'flow-config'), join(repoRoot, 'schemas', 'step-data'))) {
      expect([name, translationProblems(kind, english, translationSkeleton(kind, english))]).toEqual([name, []]);
    }
  });

  it("step schemas load in Hindi: the schema's messages and the lists' labels, values unchanged (a lowercased list too)", () => {
    const configDir = join(repoRoot, 'flow-config');
    const hindi = loadStepSchemas(join(repoRoot, 'schemas', 'step-data'), schemaSettings(configDir), schemaTextsFor(configDir, 'hi'));
    const byId = Object.fromEntries(hindi.map(({ id, schema }) => [id, schema as Record<string, any>]));
    const hiDir = join(configDir, 'languages', 'hi');
    const panTexts = readJson(join(hiDir, 'step-data', 'pan.schema.json')) as { properties: { pan: { errorMessage: string } } };
    expect(byId.pan!.properties.pan.errorMessage).toBe(panTexts.properties.pan.errorMessage);
    const genderLabels = (readJson(join(hiDir, 'lists', 'gender.json')) as { labels: Record<string, string> }).labels;
    expect(byId['personal-details']!.properties.gender['x-labels']).toEqual(genderLabels);
    expect(byId['modification-details']!.properties.gender.oneOf).toEqual(
      Object.entries(genderLabels).map(([value, label]) => ({ const: value.toLowerCase(), title: label })),
    );
    expect(schemaTextsFor(configDir, 'en')).toBeUndefined();
  });
});
