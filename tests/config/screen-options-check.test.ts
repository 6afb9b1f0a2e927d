import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/load-config';
import { tempConfigDir } from '../fixtures/flow-config';

interface Step { field?: string; type: string }
interface PagesFile { pages: Record<string, { options: { steps: Step[]; effect: string; questionsFrom?: string } }> }

function problemsAfter(file: string, edit: (content: PagesFile) => void): string[] {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'pages', file);
  const content = JSON.parse(readFileSync(path, 'utf8')) as PagesFile;
  edit(content);
  writeFileSync(path, JSON.stringify(content));
  try {
    loadConfig(dir);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const personal = "flow-config/pages/personal-details.json: page /personal-details: options of screen 'personalDetails'";
const modification = "flow-config/pages/modification.json: page /modification: options of screen 'modification'";

describe('screen options are checked for meaning by npm run check:config', () => {
  it('names a question field the schema does not have, on both pages that use it', () => {
    const problems = problemsAfter('personal-details.json', (content) => {
      content.pages['/personal-details']!.options.steps[0]!.field = 'gendr';
    });
    expect(problems).toContain(`${personal}: step 'gender': field 'gendr' is not in schema 'personal-details'`);
    expect(problems).toContain(`${modification}: questionsFrom /personal-details: step 'gender': field 'gendr' is not in schema 'personal-details'`);
  });

  it('names an unknown effect', () => {
    const problems = problemsAfter('personal-details.json', (content) => {
      content.pages['/personal-details']!.options.effect = 'savePersonal';
    });
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${personal}: no effect 'savePersonal' \\(known: `)));
  });

  it('names a modification page whose questions come from a page that has none', () => {
    const problems = problemsAfter('modification.json', (content) => {
      content.pages['/modification']!.options.questionsFrom = '/verify-pan';
    });
    expect(problems).toContain(`${modification}: questionsFrom /verify-pan is not a personalDetails page`);
  });
});
