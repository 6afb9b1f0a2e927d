import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpsConfig } from '../../core/api/generated/schema-types';
import { loadConfig } from '../../server/config/load-config';
import { configProblems, tempConfigDir } from '../fixtures/flow-config';

/** check:config covers the back office's flow-config/ops.json: its shape and its meaning against flow.json. */

/** The steps flow.json lets reviewers send back, as the check lists them. */
const rejectable = loadConfig().flow.review.rejectable.join(', ');

function problemsAfter(edit: (ops: OpsConfig & Record<string, unknown>) => void): string[] {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'ops.json');
  const ops = JSON.parse(readFileSync(path, 'utf8')) as OpsConfig & Record<string, unknown>;
  edit(ops);
  writeFileSync(path, JSON.stringify(ops));
  return configProblems(dir);
}

describe('flow-config/ops.json', () => {
  it('the real one loads, with reason templates for steps reviewers may send back', () => {
    const { ops, flow } = loadConfig();
    expect(Object.keys(ops.reasons).every((step) => flow.review.rejectable.includes(step))).toBe(true);
    expect(ops.queue.statuses).toContain(ops.queue.defaultStatus);
  });

  it.each<[string, (ops: OpsConfig & Record<string, unknown>) => void, string]>([
    ['a queue status that is no step', (ops) => ops.queue.statuses.push('pending_review'), "flow-config/ops.json: queue.statuses[7] names unknown step 'pending_review'"],
    ['a default status not offered', (ops) => (ops.queue.defaultStatus = 'nominee'), "flow-config/ops.json: queue.defaultStatus 'nominee' is not one of queue.statuses"],
    [
      'reasons for a step reviewers cannot send back',
      (ops) => (ops.reasons.bank_details = ['Account closed']),
      `flow-config/ops.json: reasons.bank_details: 'bank_details' is not in flow.json review.rejectable (${rejectable})`,
    ],
    ['a console text left out', (ops) => delete (ops.texts as Partial<OpsConfig['texts']>).signOut, "flow-config/ops.json: /texts must have required property 'signOut'"],
    ['a text the console does not know', (ops) => ((ops.texts as Record<string, string>).welcome = 'Hi'), "flow-config/ops.json: /texts must NOT have additional properties 'welcome'"],
    ['a sign-in email without its code', (ops) => (ops.signInEmail.text = 'Sign in now'), 'flow-config/ops.json: /signInEmail/text must match pattern "\\{code\\}"'],
    ['an empty reason template', (ops) => (ops.reasons.signature = ['']), 'flow-config/ops.json: /reasons/signature/0 must NOT have fewer than 1 characters'],
  ])('names %s', (_name, edit, problem) => {
    expect(problemsAfter(edit)).toContain(problem);
  });

  it('a broken ops.json is named', () => {
    const dir = tempConfigDir((flow) => flow);
    writeFileSync(join(dir, 'ops.json'), '{');
    expect(() => loadConfig(dir)).toThrow(/flow-config\/ops\.json: /);
  });
});
