import type { FormContextType, RJSFSchema } from '@rjsf/utils';

/** Which fields the user has left, and whether a submit was tried; carried to templates in formContext. */
export interface TouchState {
  touched: readonly string[];
  submitted: boolean;
}

const TOUCH_KEY = 'onboardTouch';

export function touchContext(state: TouchState): FormContextType {
  return { [TOUCH_KEY]: state };
}

function readTouch(formContext: FormContextType | undefined): TouchState | undefined {
  const value: unknown = formContext?.[TOUCH_KEY];
  return value && typeof value === 'object' && 'touched' in value ? (value as TouchState) : undefined;
}

/**
 * Errors are shown once the user has left the field, once a submit was tried, or as soon as a text is as long
 * as the schema allows (a full PAN is judged at its 10th character, not while the user is still typing).
 */
export function errorsVisible(
  formContext: FormContextType | undefined,
  id: string,
  value: unknown,
  schema: RJSFSchema,
): boolean {
  const touch = readTouch(formContext);
  if (!touch || touch.submitted || touch.touched.includes(id)) return true;
  return typeof value === 'string' && typeof schema.maxLength === 'number' && value.length >= schema.maxLength;
}
