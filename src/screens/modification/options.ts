import type { FormSpec } from '../../../core/engine/config-types';

/** The modification screen's `options` from flow-config/pages/modification.json (checked by core/catalog/screen-options/modification.schema.json). */
export interface ModificationOptions {
  /** The personal-details form it embeds: schema, uiSchema, effect, next; checked like a form page's. */
  form: FormSpec;
  /** The rejected step this screen's form fixes. */
  detailsStep: string;
  /** The re-upload form shown once per rejected document; its schema asks the proof's type where the step needs it. */
  documentForm: FormSpec;
  /** Route whose copy holds the 'rejected.<step>' labels (the resume screen's). */
  rejectedLabelsFrom?: string;
  /** A document asked as on its own page (the signature, drawn or uploaded): that page's field's uiSchema. */
  documentFieldsFrom?: Record<string, { route: string; field: string }>;
}

export function readModificationOptions(options: Record<string, unknown> | undefined, where: string): ModificationOptions {
  const isForm = (value: unknown) => {
    const form = value as Partial<FormSpec> | undefined;
    return typeof form?.schema === 'string' && typeof form.effect === 'string';
  };
  const missing = [
    ...(isForm(options?.form) ? [] : ['form (with schema and effect)']),
    ...(isForm(options?.documentForm) ? [] : ['documentForm (with schema and effect)']),
    ...(typeof options?.detailsStep === 'string' ? [] : ['detailsStep']),
  ];
  if (!options || missing.length > 0) throw new Error(`${where}: options need ${missing.join(', ')} (run npm run check:config)`);
  return options as unknown as ModificationOptions;
}
