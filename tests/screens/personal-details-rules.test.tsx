import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import type { PersonalDetailsOptions, SegmentsStep } from '../../src/screens/personal-details/options';
import { pageOptions } from '../../src/screens/personal-details/page-options';
import { sanitiseProgress } from '../../src/screens/personal-details/progress-store';
import { type ObjectSchema, brokenRule, buildPayload, initialAnswers, toggleSegment, visibleOptions } from '../../src/screens/personal-details/questions';
import { precompiledValidators } from '../../src/renderer/form/validators';

const options = pageOptions(defaultBundle.pageFiles['flow-config/pages/personal-details.json']!.pages['/personal-details']) as unknown as PersonalDetailsOptions;
const segments = options.steps.find((step): step is SegmentsStep => step.type === 'segments')!;
const schema = precompiledValidators.schemas['personal-details'] as ObjectSchema;
const list = (count: number) => Array.from({ length: count }, (_, index) => ({ value: `o${index + 1}` }));
const rule = options.viewMoreAfter;

describe('pure rules of the personal-details questions', () => {
  it.each([
    [3, false, undefined, 3, 0],
    [5, false, undefined, 5, 0],
    [6, false, undefined, 6, 0],
    [10, false, undefined, 6, 4],
    [10, true, undefined, 10, 0],
    [10, false, 'o9', 9, 1],
  ])('%i options (expanded %s, chosen %s): %i shown, %i behind View More', (count, expanded, chosen, shown, hidden) => {
    const result = visibleOptions(list(count), rule, expanded, chosen);
    expect([result.shown.length, result.hidden]).toEqual([shown, hidden]);
  });

  it.each([
    [['EQ'], 'EQ', ['EQ']],
    [['EQ'], 'FNO', ['EQ', 'FNO']],
    [['EQ', 'FNO'], 'FNO', ['EQ']],
    [['EQ', 'COM'], 'CD', ['EQ', 'CD', 'COM']],
  ])('segments %j toggling %s gives %j (EQ is locked; order as configured)', (selected, value, expected) => {
    expect(toggleSegment(segments, selected, value)).toEqual(expected);
  });

  it.each([
    ['Below Rs 1 Lac', ['EQ', 'FNO'], 'Income too low for F&O'],
    ['Below Rs 1 Lac', ['EQ', 'CD'], undefined],
    ['1-5 Lac', ['EQ', 'FNO'], undefined],
  ])('income %j with segments %j breaks rule %j', (incomeSegment, chosen, title) => {
    expect(brokenRule(segments, { incomeSegment, segments: chosen })?.title).toBe(title);
  });

  it('starts with EQ selected and the declarations agreed', () => {
    expect(initialAnswers(options.steps)).toEqual({ segments: ['EQ'], otherOptionsDeclaration: true });
  });

  it('restored progress keeps only what config and schema allow', () => {
    const fallback = { step: 0, answers: initialAnswers(options.steps), returnTo: null };
    const restored = sanitiseProgress(
      { step: 42, returnTo: 'x', answers: { gender: 'Robot', occupation: 'Business', fatherName: 'Ramesh', segments: ['FNO', 'XYZ'], extra: 1 } },
      options.steps,
      schema,
      fallback,
    );
    expect(restored).toEqual({
      step: 6,
      returnTo: null,
      answers: { occupation: 'Business', fatherName: 'Ramesh', segments: ['EQ', 'FNO'], otherOptionsDeclaration: true },
    });
    expect(sanitiseProgress('garbage', options.steps, schema, fallback)).toBe(fallback);
  });

  it('the payload trims names and leaves out what was never answered', () => {
    expect(buildPayload(options.steps, { gender: 'Male', fatherName: '  Ramesh  ', motherName: '', segments: ['EQ'] })).toEqual({
      gender: 'Male',
      fatherName: 'Ramesh',
      segments: ['EQ'],
    });
  });
});
