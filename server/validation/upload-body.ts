import type { ValidateFunction } from 'ajv';
import type { FieldMessages } from '../errors';
import type { UploadFormSpec } from '../documents/uploads/upload-form';
import { stepFieldMessages } from './step-body';

/** A multipart form as read: its text fields, and which files came. */
export interface ReceivedUpload {
  text: Readonly<Record<string, string | undefined>>;
  files: Readonly<Record<string, unknown>>;
}

/** A yes/no field as multipart sends it: 'true' and 'false' are the answers; anything else stays text, and fails. */
export const asBoolean = (value: string): string | boolean => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * A multipart request checked by the step-data schema its page's form uses, so both sides word errors alike. The
 * answers are the declared text fields that the schema knows (empty counts as not given, as in the form), and each
 * file the schema knows, present as a name (the form's field holds a reference to it). The schema may ask for more
 * than the route receives (the form's own switches and statements, a `passwordProtected` box): only messages about
 * fields the route receives count, so those stay the browser's. Messages by field, or undefined when all is well.
 */
export function uploadFieldMessages(validate: ValidateFunction, spec: UploadFormSpec, form: ReceivedUpload): FieldMessages | undefined {
  const properties = (validate.schema as { properties?: Record<string, { type?: unknown } | undefined> }).properties ?? {};
  const checked = [...Object.keys(spec.text ?? {}), ...Object.keys(spec.files ?? {})].filter((name) => Object.hasOwn(properties, name));
  const answers: Record<string, string | boolean> = {};
  for (const name of checked) {
    const value = Object.hasOwn(spec.text ?? {}, name) ? form.text[name] : form.files[name] ? name : undefined;
    if (value !== undefined && value !== '') answers[name] = properties[name]?.type === 'boolean' ? asBoolean(value) : value;
  }
  if (validate(answers)) return undefined;
  const messages = Object.entries(stepFieldMessages(validate.errors ?? [])).filter(([field]) => checked.includes(field));
  return messages.length > 0 ? Object.fromEntries(messages) : undefined;
}
