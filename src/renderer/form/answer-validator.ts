import type { RJSFSchema } from '@rjsf/utils';
import { trimAnswers } from './form-data';
import { withoutHiddenAnswers } from './hidden-answers';
import type { StepValidatorType } from './types';

const cache = new WeakMap<StepValidatorType, StepValidatorType>();

/**
 * The step's validator judging answers as they will be sent: text trimmed, blank answers left out (a name of
 * spaces gets the schema's 'is required' message), and answers to questions hidden now left out too. Always against the root schema: rjsf may pass a schema it
 * resolved for earlier answers (an if/then taken), which the precompiled validator refuses, and the root holds
 * every rule anyway. One wrapper per validator, so rjsf sees a stable one.
 */
export function answerValidator(validator: StepValidatorType, root: RJSFSchema): StepValidatorType {
  const cached = cache.get(validator);
  if (cached) return cached;
  const wrapped: StepValidatorType = {
    validateFormData: (formData, _schema, customValidate, transformErrors, uiSchema) =>
      validator.validateFormData(formData && withoutHiddenAnswers(trimAnswers(formData), root, validator), root, customValidate, transformErrors, uiSchema),
    isValid: (schema, formData, rootSchema) => validator.isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => validator.rawValidation(schema, formData),
  };
  cache.set(validator, wrapped);
  return wrapped;
}
