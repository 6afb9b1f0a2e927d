import { describe, expect, it } from 'vitest';
import { withListOptions } from '../../core/studio/lists';
import { withStepMoved } from '../../core/studio/new-step';
import { structureOf } from '../../core/studio/texts';

/**
 * The studio's pure edits of structure (core/studio): a list's options written as the file's authors write them, a
 * step moved by moving its line, and what counts as wording alone for the release rules (server/releases/service.ts).
 */

const languages = JSON.stringify({ default: 'en', languages: [{ code: 'en', name: 'English' }, { code: 'hi', name: 'हिन्दी' }] });
const list = '{\n  "$comment": "Occupations.",\n  "type": "string",\n  "enum": ["Business", "Housewife", "Student"]\n}\n';
const labels = '{\n  "labels": {\n    "Business": "व्यवसाय",\n    "Housewife": "गृहिणी",\n    "Student": "विद्यार्थी"\n  }\n}\n';
const files = { 'flow-config/languages.json': languages, 'schemas/lists/occupation.json': list, 'flow-config/languages/hi/lists/occupation.json': labels };
const options = (...values: string[]) => values.map((value) => ({ value, words: { en: value } }));

describe("a list's options", () => {
  it('a plain list reordered, grown or shrunk stays a one-line enum, its comment kept; each language follows the order', () => {
    const edited = withListOptions(files, 'occupation', [...options('Student', 'Business'), { value: 'Retired', words: { en: 'Retired', hi: 'सेवानिवृत्त' } }]);
    if ('refused' in edited) throw new Error(edited.refused);
    expect(edited.files['schemas/lists/occupation.json']).toBe('{\n  "$comment": "Occupations.",\n  "type": "string",\n  "enum": ["Student", "Business", "Retired"]\n}\n');
    expect(JSON.parse(edited.files['flow-config/languages/hi/lists/occupation.json'] ?? '')).toEqual({ labels: { Student: 'विद्यार्थी', Business: 'व्यवसाय', Retired: 'सेवानिवृत्त' } });
  });

  it('an option given words of its own makes the list oneOf, one option a line, values unchanged', () => {
    const edited = withListOptions(files, 'occupation', [...options('Business'), { value: 'Housewife', words: { en: 'Homemaker' } }, ...options('Student')]);
    if ('refused' in edited) throw new Error(edited.refused);
    expect(edited.files['schemas/lists/occupation.json']).toBe(
      '{\n  "$comment": "Occupations.",\n  "type": "string",\n  "oneOf": [\n' +
        '    { "const": "Business", "title": "Business" },\n    { "const": "Housewife", "title": "Homemaker" },\n    { "const": "Student", "title": "Student" }\n  ]\n}\n',
    );
  });

  it('a label of its own is wording alone; a value added, removed or moved is not', () => {
    const worded = withListOptions(files, 'occupation', [...options('Business'), { value: 'Housewife', words: { en: 'Homemaker' } }, ...options('Student')]);
    const moved = withListOptions(files, 'occupation', options('Student', 'Business', 'Housewife'));
    const retired = withListOptions(files, 'occupation', options('Business', 'Student'));
    if ('refused' in worded || 'refused' in moved || 'refused' in retired) throw new Error('refused');
    expect(structureOf(worded.files)).toBe(structureOf(files));
    expect(structureOf(moved.files)).not.toBe(structureOf(files));
    expect(structureOf(retired.files)).not.toBe(structureOf(files));
  });
});

describe("a step's place", () => {
  const flow = '{\n  "steps": [\n    { "id": "a", "title": "A" },\n    { "id": "b", "title": "B" },\n    { "id": "c", "title": "C" }\n  ]\n}\n';
  const order = (moved: Readonly<Record<string, string>> | undefined) => (JSON.parse(moved?.['flow-config/flow.json'] ?? '{}') as { steps: { id: string }[] }).steps.map(({ id }) => id);

  it.each([
    ['the first after the last', 'a', 'c', ['b', 'c', 'a']],
    ['the last after the first', 'c', 'a', ['a', 'c', 'b']],
    ['a middle one after the last', 'b', 'c', ['a', 'c', 'b']],
  ])('moves %s by its line, the rest untouched', (_name, id, after, expected) => {
    const moved = withStepMoved({ 'flow-config/flow.json': flow }, id, after);
    expect(order(moved)).toEqual(expected);
    // Only the lines moved: the same lines, each but for its trailing comma.
    const lines = (text: string | undefined) => (text ?? '').split('\n').map((line) => line.replace(/,$/, '')).sort();
    expect(lines(moved?.['flow-config/flow.json'])).toEqual(lines(flow));
  });

  it('refuses an unknown step, or a step after itself', () => {
    expect(withStepMoved({ 'flow-config/flow.json': flow }, 'x', 'a')).toBeUndefined();
    expect(withStepMoved({ 'flow-config/flow.json': flow }, 'a', 'a')).toBeUndefined();
  });
});
