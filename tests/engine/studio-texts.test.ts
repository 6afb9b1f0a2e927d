import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../core/studio/csv';
import { replaceStringAt, spanAt } from '../../core/studio/json-spans';
import { structureOf, studioTexts, withWords } from '../../core/studio/texts';
import { translationProblems } from '../../core/engine/translations';

/** The studio's texts (issue 31): found in config files, edited in place so the rest of a file stays as written. */

const page = `{
  "pages": {
    "/verify-pan": {
      "form": { "schema": "pan", "uiSchema": {}, "effect": "verifyPan", "next": "continue" },
      "copy": { "title": "Verify your PAN",   "submit": "Verify and Continue" }
    }
  }
}
`;
const hindi = `{ "pages": { "/verify-pan": { "copy": { "title": "अपना PAN सत्यापित करें", "submit": "सत्यापित करें" } } } }\n`;
const files = {
  'flow-config/languages.json': JSON.stringify({ default: 'en', languages: [{ code: 'en', name: 'English' }, { code: 'hi', name: 'हिन्दी' }] }),
  'flow-config/pages/pan.json': page,
  'flow-config/languages/hi/pages/pan.json': hindi,
  'schemas/step-data/pan.schema.json': JSON.stringify({ title: 'PAN Verification', type: 'object', properties: { pan: { type: 'string', title: 'PAN Number' } } }),
  'schemas/lists/gender.json': JSON.stringify({ enum: ['Male', 'Female'] }),
};

describe('json-spans', () => {
  it('finds a value by keys, indices and item ids, and replaces one string leaving every other byte as it was', () => {
    const text = '{ "steps": [ { "id": "pan", "title": "PAN" }, { "id": "kyc", "title": "KYC" } ],  "x": 1 }';
    expect(text.slice(spanAt(text, ['steps', 'kyc', 'title'])?.start, spanAt(text, ['steps', 'kyc', 'title'])?.end)).toBe('"KYC"');
    expect(replaceStringAt(text, ['steps', 1, 'title'], 'Identity "KYC"')).toBe('{ "steps": [ { "id": "pan", "title": "PAN" }, { "id": "kyc", "title": "Identity \\"KYC\\"" } ],  "x": 1 }');
    expect(replaceStringAt(text, ['x'], 'y')).toBeUndefined();
    expect(replaceStringAt(text, ['steps', 'nothing', 'title'], 'y')).toBeUndefined();
  });
});

describe('studio texts', () => {
  const texts = studioTexts(files);
  const heading = texts.find(({ where }) => where === 'Page /verify-pan › heading');

  it('lists each text where it is shown, in business terms, with its words in every language', () => {
    expect(texts.map(({ where, words }) => [where, words.en, words.hi])).toEqual([
      ['Page /verify-pan › heading', 'Verify your PAN', 'अपना PAN सत्यापित करें'],
      ['Page /verify-pan › submit button', 'Verify and Continue', 'सत्यापित करें'],
      ["Form 'PAN Verification' › title", 'PAN Verification', null],
      ["Form 'PAN Verification' › question 'pan' › label", 'PAN Number', null],
      ["List 'gender' › option 'Male'", 'Male', null],
      ["List 'gender' › option 'Female'", 'Female', null],
    ]);
  });

  it('rewrites the English and the Hindi in place; a list value is not words to reword', () => {
    const english = withWords(files, heading?.id ?? '', 'en', 'Check your PAN');
    expect('files' in english && english.files['flow-config/pages/pan.json']).toBe(page.replace('"Verify your PAN"', '"Check your PAN"'));
    const translated = withWords(files, heading?.id ?? '', 'hi', 'PAN जाँचें');
    expect('files' in translated && translated.files['flow-config/languages/hi/pages/pan.json']).toBe(hindi.replace('"अपना PAN सत्यापित करें"', '"PAN जाँचें"'));
    const label = texts.find(({ where }) => where === "Form 'PAN Verification' › question 'pan' › label");
    const added = withWords(files, label?.id ?? '', 'hi', 'PAN नंबर');
    expect('files' in added && JSON.parse(added.files['flow-config/languages/hi/step-data/pan.schema.json'] ?? '')).toEqual({ properties: { pan: { title: 'PAN नंबर' } } });
    const option = texts.find(({ where }) => where === "List 'gender' › option 'Male'");
    expect(withWords(files, option?.id ?? '', 'en', 'Man')).toEqual({ refused: 'notEditable' });
    expect(withWords(files, heading?.id ?? '', 'fr', 'x')).toEqual({ refused: 'unknownLanguage' });
    expect(withWords(files, 'not-an-id', 'en', 'x')).toEqual({ refused: 'unknownText' });
  });
});

describe('the translation check', () => {
  it('counts blank words where the English has some as missing: the applicant would read nothing', () => {
    const english = { pages: { '/a': { copy: { title: 'Title', note: '' } } } };
    expect(translationProblems('page', english, { pages: { '/a': { copy: { title: '  ', note: '' } } } })).toEqual(['missing the text at pages."/a".copy.title ("Title")']);
  });
});

describe('CSV for translators', () => {
  it('quotes what must be quoted and reads back what it wrote, scripts, commas, quotes and line breaks included', () => {
    const rows = [
      ['id', 'where', 'hi'],
      ['a', 'Page /x › heading', 'अपना "PAN", जाँचें'],
      ['b', 'two\nlines', ''],
    ];
    const csv = toCsv(rows);
    expect(csv).toBe('id,where,hi\r\na,Page /x › heading,"अपना ""PAN"", जाँचें"\r\nb,"two\nlines",\r\n');
    expect(parseCsv(`\uFEFF${csv}\r\n`)).toEqual(rows);
    expect(parseCsv('a,"never closed')).toBeUndefined();
  });
});

describe('structureOf: what a config is without its words', () => {
  it('is the same after rewording in any language, and differs when an option or a setting changes', () => {
    const reworded = withWords(files, studioTexts(files)[0]?.id ?? '', 'en', 'Check your PAN');
    const translated = withWords(files, studioTexts(files)[0]?.id ?? '', 'hi', 'PAN जाँचें');
    if (!('files' in reworded) || !('files' in translated)) throw new Error('not edited');
    expect(structureOf(reworded.files)).toBe(structureOf(files));
    expect(structureOf(translated.files)).toBe(structureOf(files));
    expect(structureOf({ ...files, 'schemas/lists/gender.json': JSON.stringify({ enum: ['Male', 'Female', 'Others'] }) })).not.toBe(structureOf(files));
    const routeChanged = files['flow-config/pages/pan.json'].replace('"next": "continue"', '"next": "/confirm-pan"');
    expect(structureOf({ ...files, 'flow-config/pages/pan.json': routeChanged })).not.toBe(structureOf(files));
  });
});
