import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../core/engine/flow-types';
import { tempConfigDir, configProblems } from '../fixtures/flow-config';
import { tempStepSchemas } from '../fixtures/temp-schemas';

/** npm run check:config on what issue 21 added: privacy purposes, maxNominees, the rectification deadline. */

const problemsOf = (dir: string, stepSchemasDir?: string) => configProblems(dir, stepSchemasDir ? { stepSchemasDir } : {});

/** Config files as tests edit them: any shape, as a person editing JSON may write. */
type Json = Record<string, any>;

function withPrivacy(edit: (privacy: Json) => void): string {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'privacy.json');
  const privacy = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(privacy);
  writeFileSync(path, JSON.stringify(privacy));
  return dir;
}

const withReview = (edit: (review: FlowConfig['review']) => void) =>
  tempConfigDir((flow) => {
    const copy = structuredClone(flow);
    edit(copy.review);
    return copy;
  });

describe('privacy.json', () => {
  it.each<[string, (privacy: Json) => void, string]>([
    ['a purpose declared twice', (p) => p.purposes.push({ ...p.purposes[0] }), "flow-config/privacy.json: /purposes/4: purpose 'account_opening' is declared twice"],
    ['no required purpose', (p) => p.purposes.forEach((purpose: Json) => { purpose.required = false; delete purpose.whyRequired; }), 'flow-config/privacy.json: /purposes: no purpose is required, so first sign-in would accept nothing'],
    ['a required purpose that does not say why', (p) => delete p.purposes[0].whyRequired, "flow-config/privacy.json: /purposes/0: required purpose 'account_opening' needs \"whyRequired\" (the answer to a withdrawal)"],
    ['a version that is not a date', (p) => (p.notice.version = 'v2'), 'flow-config/privacy.json: /notice/version must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}(\\.[0-9]+)?$"'],
    ['no grievance contact', (p) => delete p.grievance.email, "flow-config/privacy.json: /grievance must have required property 'email'"],
    ['a refusal without its date', (p) => (p.retention.refusal = 'We keep it under {law}.'), 'flow-config/privacy.json: /retention/refusal must contain {date}'],
  ])('%s', (_name, edit, problem) => {
    expect(problemsOf(withPrivacy(edit))).toContain(problem);
  });
});

describe('settings.maxNominees', () => {
  it.each([
    [11, 'flow-config/flow.json: /settings/maxNominees must be <= 10'],
    [0, 'flow-config/flow.json: /settings/maxNominees must be >= 1'],
  ])('%i is refused (SEBI allows 1 to 10)', (max, problem) => {
    expect(problemsOf(tempConfigDir((flow) => ({ ...flow, settings: { maxNominees: max } })))).toContain(problem);
  });

  it('a nominee schema that writes its own limit leaves the setting read by nothing, and says so', () => {
    const schemas = tempStepSchemas((s) => ((s.nominee as Json).properties.nominees.maxItems = 3));
    expect(problemsOf(tempConfigDir((flow) => flow), schemas)).toContain(
      'flow-config/flow.json: settings.maxNominees is read by no schema in schemas/step-data (write {"$setting": "maxNominees"} where the limit applies)',
    );
  });

  it('a schema reading a setting that does not exist is named by file and path', () => {
    const schemas = tempStepSchemas((s) => ((s.nominee as Json).properties.nominees.maxItems = { $setting: 'maxNominee' }));
    expect(problemsOf(tempConfigDir((flow) => flow), schemas).join('\n')).toMatch(/nominee\.schema\.json: properties\.nominees\.maxItems: unknown setting "maxNominee"/);
  });
});

describe('review.rectificationDays and its reminders', () => {
  it.each<[string, (review: FlowConfig['review']) => void, string]>([
    ['a reminder on the deadline day', (r) => (r.rectification!.reminderDays = [7, 15]), 'flow-config/flow.json: review.rectification.reminderDays/1: day 15 is not before the deadline (rectificationDays 15)'],
    ['reminders out of order', (r) => (r.rectification!.reminderDays = [10, 5]), 'flow-config/flow.json: review.rectification.reminderDays/1: days must increase (10, then 5)'],
    ['a shorter window the reminders no longer fit', (r) => (r.rectificationDays = 10), 'flow-config/flow.json: review.rectification.reminderDays/1: day 13 is not before the deadline (rectificationDays 10)'],
    ['an unknown expired status', (r) => (r.rectification!.expiredStatus = 'expird'), "flow-config/flow.json: review.rectification.expiredStatus names unknown step 'expird'"],
    ['a journey step as the expired status', (r) => (r.rectification!.expiredStatus = 'nominee'), "flow-config/flow.json: review.rectification.expiredStatus 'nominee' must be a status, not a journey step"],
    ['a reminder without the date', (r) => (r.rectification!.reminderEmail.text = 'Dear {name}, please fix {steps}'), 'flow-config/flow.json: review.rectification.reminderEmail.text must contain {deadline}'],
    ['zero days', (r) => (r.rectificationDays = 0), 'flow-config/flow.json: /review/rectificationDays must be >= 1'],
  ])('%s', (_name, edit, problem) => {
    expect(problemsOf(withReview(edit))).toContain(problem);
  });

  it('the real config passes', () => {
    expect(problemsOf(tempConfigDir((flow) => flow))).toEqual([]);
  });
});
