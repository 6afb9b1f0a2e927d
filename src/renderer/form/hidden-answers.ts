import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { hiddenConditionalFields } from '../../../core/engine/conditional-fields';
import type { StepFormData, StepValidatorType } from './types';

/**
 * The answers without those to questions the form hides now: a question asked only under a condition (countries
 * of tax residence after a Yes, an F&O acknowledgement with F&O chosen) is no answer once its condition no longer
 * holds, even if the applicant filled it in before changing their mind.
 */
export function withoutHiddenAnswers(data: StepFormData, schema: RJSFSchema, validator: StepValidatorType): StepFormData {
  const resolved = retrieveSchema(validator, schema, schema, data);
  const hidden = hiddenConditionalFields(schema, resolved.required ?? []);
  return hidden.length === 0 ? data : Object.fromEntries(Object.entries(data).filter(([field]) => !hidden.includes(field)));
}
