import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../src/renderer/form/errors';
import { precompiledValidators, type StepValidatorSource } from '../../src/renderer/form/validators';
import {
  acceptedChanges, allGuardianMessages, fieldCases, guardianCases, messagesOf, minorWithoutGuardian, nomineesAddingUp, emptyListMessages,
  shareCases, tooManyMessage, totalMessage,
} from '../fixtures/nominee-cases';
import { adultNominee, minorNominee, withMaxNominees } from './support/nominees';

/**
 * Spec section 5, nominee rules, as the browser's own validators report them (precompiled from
 * schemas/step-data/nominee.schema.json), placed on fields the way the form shows them. The limits run at the
 * spec's 3 nominees and at SEBI's 10 (flow.json's settings.maxNominees, which the schema reads).
 */
function errorsOf(source: StepValidatorSource, nominees: Record<string, unknown>[]): Record<string, string[]> {
  const { schema, validator } = source.get('nominee')!;
  const { errors } = validator.validateFormData({ nominees }, schema as RJSFSchema);
  const byField: Record<string, string[]> = {};
  for (const error of placeErrors(errors)) {
    const key = (error.property ?? '').replace(/^\./, '');
    (byField[key] ??= []).push(error.message ?? '');
  }
  return byField;
}

// The browser's chunk for the nominee step, loaded once as the page would.
await precompiledValidators.load('nominee');

const limits: [string, StepValidatorSource, number][] = [
  ['maxNominees 10 (SEBI, as shipped)', precompiledValidators, 10],
  ['maxItems 3 (the spec, in a copy of flow.json)', withMaxNominees(3).validators, 3],
];

describe.each(limits)('nominee rules at %s', (_name, validators, max) => {
  it('accepts a complete adult nominee with 100%, and a minor with a guardian', () => {
    expect(errorsOf(validators, [adultNominee()])).toEqual({});
    expect(errorsOf(validators, [adultNominee({ sharePercentage: 60 }), minorNominee({ sharePercentage: 40 })])).toEqual({});
  });

  it.each(fieldCases)('%s: %j → %s %j', (...rule) => {
    expect(errorsOf(validators, [adultNominee(rule[1])])).toEqual(messagesOf(rule));
  });

  it.each(acceptedChanges)('accepts %s', (_label, change) => {
    expect(errorsOf(validators, [adultNominee(change)])).toEqual({});
  });

  it.each(minorWithoutGuardian)('a nominee %s needs every guardian field', (_label, change) => {
    expect(errorsOf(validators, [adultNominee(change)])).toEqual(allGuardianMessages);
  });

  it.each(guardianCases)('minor, %s: %j → %s %j', (...rule) => {
    expect(errorsOf(validators, [minorNominee(rule[1])])).toEqual(messagesOf(rule));
  });

  it.each(shareCases)('shares %j add up to 100: %s', (shares, ok) => {
    const nominees = shares.slice(0, max).map((sharePercentage) => adultNominee({ sharePercentage }));
    expect(errorsOf(validators, nominees)).toEqual(ok ? {} : { nominees: [totalMessage] });
  });

  it(`takes up to ${max} nominees, not ${max + 1}`, () => {
    const nominees = (count: number) => nomineesAddingUp(count, (change) => adultNominee(change));
    expect(errorsOf(validators, nominees(max))).toEqual({});
    expect(errorsOf(validators, nominees(max + 1))).toEqual({ nominees: [tooManyMessage] });
  });

  it('asks for at least one nominee (Skip is the way to add none)', () => {
    expect(errorsOf(validators, [])).toEqual(emptyListMessages);
  });
});
