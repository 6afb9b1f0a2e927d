import type { UiSchema } from '@rjsf/utils';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list's labels in the applicant's language: a list of plain values carries them as `x-labels` (value → label,
 * core/engine/translations.ts); rjsf reads option labels from 'ui:enumNames', so they go there, under each field
 * (and array item) that asks the list, unless the form names its own.
 */
export function withListLabels<T extends UiSchema>(schema: unknown, uiSchema: T): T {
  if (!isNode(schema)) return uiSchema;
  let ui: Node = uiSchema;
  const labels = schema['x-labels'];
  if (isNode(labels) && Array.isArray(schema.enum) && ui['ui:enumNames'] === undefined) ui = { ...ui, 'ui:enumNames': labels };
  if (isNode(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const own = isNode(ui[name]) ? (ui[name] as UiSchema) : {};
      const labelled = withListLabels(property, own);
      if (labelled !== own) ui = { ...ui, [name]: labelled };
    }
  }
  if (isNode(schema.items)) {
    const own = isNode(ui.items) ? (ui.items as UiSchema) : {};
    const labelled = withListLabels(schema.items, own);
    if (labelled !== own) ui = { ...ui, items: labelled };
  }
  return ui as T;
}
