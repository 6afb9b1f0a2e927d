import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/load-config';
import { compileStepValidators, fieldMessages, loadStepSchemas } from '../../server/validation/step-schemas';
import { configEdits, copyConfig } from '../fixtures/config-edits';

/**
 * A process keeps what it checked and compiled (server/config/load-config.ts, server/validation/step-schemas.ts),
 * by content: what it gives back must be what a fresh load would give, for a folder edited in place too.
 */

const copy = copyConfig();
afterAll(() => rmSync(copy.root, { recursive: true, force: true }));
const load = () => loadConfig(copy.configDir, { stepSchemasDir: copy.stepSchemasDir });
const stepIds = () => load().flow.steps.map((step) => step.id);

describe('the checked config kept per process', () => {
  it('gives each caller a copy of its own', () => {
    const first = load();
    const steps = first.flow.steps.map((step) => step.id);
    first.flow.steps.reverse();
    first.messages.errors = {};
    expect(stepIds()).toEqual(steps);
    expect(load().messages).toEqual(loadConfig(copy.configDir, { stepSchemasDir: copy.stepSchemasDir }).messages);
    expect(Object.keys(load().messages.errors).length).toBeGreaterThan(0);
  });

  it('reads a folder edited in place again: flow.json, then a list beside the step schemas', () => {
    const before = stepIds();
    configEdits.find((edit) => edit.name.includes('swapped'))!.apply(copy);
    const after = stepIds();
    expect(after).not.toEqual(before);
    expect([...after].sort()).toEqual([...before].sort());

    writeFileSync(join(copy.stepSchemasDir, '..', 'lists', 'gender.json'), '{');
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/gender\.json/);
  });
});

describe('the step validators compiled once per process', () => {
  const schemas = loadStepSchemas();
  const at = (iso: string) => () => Date.parse(iso);
  const dateOfBirthErrors = (validate: ReturnType<typeof compileStepValidators>[string], dateOfBirth: string) => {
    validate({ pan: 'ABCPE1234F', dateOfBirth });
    return fieldMessages(validate.errors).dateOfBirth;
  };

  it("judge 'today' by each app's own clock, called in turn", () => {
    const onThe15th = compileStepValidators(schemas, at('2026-01-15T10:00:00Z')).pan!;
    const onThe14th = compileStepValidators(schemas, at('2026-01-14T10:00:00Z')).pan!;
    expect(dateOfBirthErrors(onThe15th, '15/01/2026')).toBeUndefined();
    expect(dateOfBirthErrors(onThe14th, '15/01/2026')).toEqual(['Enter valid Date of Birth']);
    expect(dateOfBirthErrors(onThe15th, '15/01/2026')).toBeUndefined();
  });

  it('keep their own errors and schema', () => {
    const first = compileStepValidators(schemas, at('2026-01-15T10:00:00Z')).pan!;
    const second = compileStepValidators(schemas, at('2026-01-15T10:00:00Z')).pan!;
    expect(first({ pan: 'ABCPE1234F', dateOfBirth: '01/01/1990' })).toBe(true);
    expect(second({ pan: 'nope', dateOfBirth: '01/01/1990' })).toBe(false);
    expect(first.errors).toBeNull();
    expect(fieldMessages(second.errors).pan).toEqual(['Enter valid PAN Number']);
    expect(second.schema).toEqual(schemas.find(({ id }) => id === 'pan')!.schema);
  });
});
