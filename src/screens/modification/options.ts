import type { FormSpec } from '../../engine/config-types';

/** The modification screen's `options` from flow-config/pages/modification.json (checked by options.schema.json). */
export interface ModificationOptions {
  /** The personal-details form it embeds: schema, uiSchema, effect, next; checked like a form page's. */
  form: FormSpec;
  /** The rejected step this screen's form fixes. */
  detailsStep: string;
  /** The document step whose re-upload also names the proof's type and password (income proof). */
  proofStep?: string;
  /** Route whose copy holds the 'rejected.<step>' labels (the resume screen's). */
  rejectedLabelsFrom?: string;
}

export function readModificationOptions(options: Record<string, unknown> | undefined, where: string): ModificationOptions {
  const form = options?.form as Partial<FormSpec> | undefined;
  const missing = [
    ...(typeof form?.schema === 'string' && typeof form.effect === 'string' ? [] : ['form (with schema and effect)']),
    ...(typeof options?.detailsStep === 'string' ? [] : ['detailsStep']),
  ];
  if (!options || missing.length > 0) throw new Error(`${where}: options need ${missing.join(', ')} (run npm run check:config)`);
  return options as unknown as ModificationOptions;
}
