import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import type { FormPageConfig } from '../../core/engine/config-types';
import { formLayout } from '../../core/engine/form-layout';
import { schemaRules } from '../../core/engine/schema-rules';
import { only, trimAnswers } from '../../src/renderer/form/form-data';
import { answerErrors, pageReady, ruleBreaks, startingAnswers } from '../../src/renderer/form/page-rules';
import { restoreProgress } from '../../src/renderer/form/progress-store';
import { precompiledValidators } from '../../src/renderer/form/validators';
import { requiredValues, toggleValue } from '../../widgets/checkbox-cards/choices';
import { collapseRule, visibleOptions } from '../../widgets/option-cards/visible-options';

const page = defaultBundle.pageFiles['flow-config/pages/personal-details.json']!.pages['/personal-details'] as FormPageConfig;
const ui = page.form.uiSchema as Record<string, { 'ui:options'?: Record<string, unknown> }>;
const layout = formLayout(page.form.uiSchema);
const pages = layout.pages!;
const fields = pages.flatMap((p) => p.fields);
const { schema, validator } = await precompiledValidators.load('personal-details');
const segmentsSchema = (schema.properties!.segments as RJSFSchema);
const segmentValues = (segmentsSchema.items as RJSFSchema).oneOf!.map((option) => (option as RJSFSchema).const);
const list = (count: number) => Array.from({ length: count }, (_, index) => ({ value: `o${index + 1}` }));

describe('pure rules of the personal-details form', () => {
  it.each([
    [3, false, undefined, 3, 0],
    [5, false, undefined, 5, 0],
    [6, false, undefined, 6, 0],
    [10, false, undefined, 6, 4],
    [10, true, undefined, 10, 0],
    [10, false, 'o9', 9, 1],
  ])('%i options (expanded %s, chosen %s): %i shown, %i behind View More', (count, expanded, chosen, shown, hidden) => {
    const result = visibleOptions(list(count), collapseRule(ui.occupation!['ui:options']!), expanded, chosen);
    expect([result.shown.length, result.hidden]).toEqual([shown, hidden]);
  });

  it.each([
    [['EQ'], 'EQ', ['EQ']],
    [['EQ'], 'FNO', ['EQ', 'FNO']],
    [['EQ', 'FNO'], 'FNO', ['EQ']],
    [['EQ', 'COM'], 'CD', ['EQ', 'CD', 'COM']],
    [['FNO'], 'CD', ['EQ', 'FNO', 'CD']],
  ])('segments %j toggling %s gives %j (EQ is locked: the schema requires it; order as the schema lists them)', (selected, value, expected) => {
    expect(requiredValues(segmentsSchema)).toEqual(['EQ']);
    expect(toggleValue(segmentValues, requiredValues(segmentsSchema), selected, value)).toEqual(expected);
  });

  it.each([
    ['Below Rs 1 Lac', ['EQ', 'FNO'], 'Income too low for F&O'],
    ['Below Rs 1 Lac', ['EQ', 'CD'], undefined],
    ['1-5 Lac', ['EQ', 'FNO'], undefined],
  ])("income %j with segments %j breaks the schema's rule, shown as %j", (incomeSegment, segments, title) => {
    const errors = answerErrors({ incomeSegment, segments }, schema, validator);
    const broken = ruleBreaks(errors, schemaRules(schema), layout.ruleDialogs, ['segments', 'otherOptionsDeclaration']);
    expect(broken[0]?.dialog.title).toBe(title);
    if (title) {
      expect(broken[0]!.message).toBe('F&O trading needs an annual income above Rs 1 Lac');
      expect(broken[0]!.rule).toMatchObject({ field: 'segments', conditionFields: ['incomeSegment'], forbidden: ['FNO'] });
    }
  });

  it('starts with EQ selected (the schema default) and no declaration ticked: the declarations are the applicant\'s to make', () => {
    expect(startingAnswers({}, schema, validator, fields)).toEqual({ segments: ['EQ'] });
  });

  it('restored progress keeps only what config and schema allow', () => {
    const fit = (data: Record<string, unknown>) => startingAnswers(data, schema, validator, fields);
    const restored = restoreProgress(
      { page: 42, returnTo: 'x', data: { gender: 'Robot', occupation: 'Business', fatherName: 'Ramesh', segments: ['EQ', 'FNO', 'XYZ'], extra: 1 } },
      pages.length,
      fit,
    );
    expect(restored).toEqual({
      page: 6,
      returnTo: null,
      data: { occupation: 'Business', fatherName: 'Ramesh', segments: ['EQ', 'FNO'] },
    });
    // A segments answer the schema refuses as a whole (no EQ) is dropped; the default takes its place.
    expect(fit({ segments: ['FNO', 'XYZ'] }).segments).toEqual(['EQ']);
    // What the hand-written wizard stored is still understood.
    expect(restoreProgress({ step: 3, returnTo: null, answers: { gender: 'Male' } }, pages.length, fit)).toMatchObject({ page: 3, data: { gender: 'Male' } });
    expect(restoreProgress('garbage', pages.length, fit)).toBeUndefined();
  });

  it('the payload trims names and leaves out what was never answered', () => {
    expect(only(trimAnswers({ gender: 'Male', fatherName: '  Ramesh  ', motherName: '', segments: ['EQ'], extra: 1 }), fields)).toEqual({
      gender: 'Male',
      fatherName: 'Ramesh',
      segments: ['EQ'],
    });
  });

  it.each([
    [{}, false],
    [{ fatherName: 'Ramu', motherName: 'Sita' }, true],
    [{ fatherName: '  Ram  ', motherName: 'Sita' }, false],
    [{ fatherName: 'Ramu' }, false],
  ])("the parents page's Next: %j → %s", (data, ready) => {
    expect(pageReady(pages[5]!, schema, data)).toBe(ready);
  });
});
