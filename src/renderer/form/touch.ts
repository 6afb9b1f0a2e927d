import type { FormContextType, RJSFSchema } from '@rjsf/utils';
import { readOnboardContext } from './form-context';

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
  const touch = readOnboardContext(formContext)?.touch;
  if (!touch || touch.touched.includes(id)) return true;
  if (touch.submitted && (!touch.flagged || touch.flagged.includes(id))) return true;
  return typeof value === 'string' && typeof schema.maxLength === 'number' && value.length >= schema.maxLength;
}
