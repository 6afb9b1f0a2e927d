import { describe, expect, it } from 'vitest';
import { isFormPage } from '../../core/engine/config-types';
import { loadConfig } from '../../server/config/load-config';

/**
 * Issue 32: one capitalisation rule for titles and buttons (flow-config/README.md, 'Capitalisation'), checked over the
 * English config. Title Case: every word starts with a capital but the small words (articles, conjunctions, short
 * prepositions, possessives: 'Link your Bank Account', 'Scan QR Code to Verify Bank', as the spec writes them); the
 * first word always does; a word the config writes with capitals inside (PAN, F&O, eSign) is kept as written. A title
 * that is a question ends in '?' and is a sentence ('What is your gender?').
 */

const smallWords = new Set(['a', 'an', 'the', 'and', 'or', 'nor', 'but', 'of', 'to', 'in', 'on', 'at', 'for', 'by', 'with', 'from', 'via', 'as', 'per', 'your', 'my', 'our']);

/** The words of `text` that break the rule, empty when it keeps it. */
export function titleCaseProblems(text: string): string[] {
  if (text.trim().endsWith('?')) return [];
  const words = text.replace(/\{\w+\}/g, ' ').match(/[A-Za-z][A-Za-z'&-]*/g) ?? [];
  return words.filter((word, index) => {
    if (/[A-Z]/.test(word.slice(1))) return false;
    const small = index > 0 && smallWords.has(word.toLowerCase());
    return small ? word[0] !== word[0]!.toLowerCase() : word[0] !== word[0]!.toUpperCase();
  });
}

/** Copy keys that are titles and the form's actions: `title`, `heading`, `…Title`, `….title`, and the buttons below. */
const buttonKeys = new Set(['submit', 'next', 'continue', 'done', 'retry', 'skip', 'back', 'sign', 'finish', 'upload']);
const isTitleOrButton = (key: string) => {
  const last = key.split('.').pop() ?? key;
  return last === 'title' || last === 'heading' || last.endsWith('Title') || buttonKeys.has(last);
};

const config = loadConfig();

function titlesAndButtons(): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const [file, { pages }] of Object.entries(config.pageFiles)) {
    for (const [route, page] of Object.entries(pages)) {
      for (const [key, text] of Object.entries(page.copy ?? {})) if (isTitleOrButton(key)) found.push({ where: `${file} ${route} copy.${key}`, text });
      if (!isFormPage(page)) continue;
      const pagesOfForm = ((page.form.uiSchema?.['ui:options'] as { pages?: { title: string }[] } | undefined)?.pages ?? []);
      pagesOfForm.forEach(({ title }, index) => found.push({ where: `${file} ${route} ui:options.pages/${index}.title`, text: title }));
    }
  }
  for (const step of config.flow.steps) found.push({ where: `flow.json steps ${step.id}`, text: step.title });
  for (const group of config.flow.progress.groups) found.push({ where: 'flow.json progress.groups', text: group.label });
  return found;
}

describe('capitalisation of titles and buttons', () => {
  it.each([
    ['Link your Bank Account', []],
    ['Scan QR Code to Verify Bank', []],
    ['Verify and Continue', []],
    ['What is your gender?', []],
    ['Tax residency', ['residency']],
    ['Link Your bank account', ['Your', 'bank', 'account']],
  ])('%s', (text, problems) => {
    expect(titleCaseProblems(text)).toEqual(problems);
  });

  it("every title and button of the config keeps the rule (flow-config/README.md 'Capitalisation')", () => {
    const all = titlesAndButtons();
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter(({ text }) => titleCaseProblems(text).length > 0).map(({ where, text }) => `${where}: "${text}" (${titleCaseProblems(text).join(', ')})`)).toEqual([]);
  });
});
