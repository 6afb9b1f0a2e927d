import type { UserDetails } from '../../api/types';
import type { QuestionStep } from '../personal-details/options';
import { type ChoiceOption, type ObjectSchema, choiceOptions, fieldSchema, schemaEnum } from '../personal-details/questions';

/** One field of the modification form, derived from a personal-details question. */
export interface DetailField {
  field: string;
  label: string;
  kind: 'select' | 'text';
  /** Select options as the personal-details page shows them. */
  options: ChoiceOption[];
  placeholder?: string;
  maxLength?: number;
}

/** Choice questions become selects, name questions text inputs; the segments step is not re-asked. */
export function detailFields(steps: QuestionStep[], questionsSchema: ObjectSchema, payloadSchema: ObjectSchema): DetailField[] {
  return steps.flatMap((step): DetailField[] => {
    if (step.type === 'choice') {
      return [{ field: step.field, label: step.label, kind: 'select', options: choiceOptions(step, questionsSchema) }];
    }
    if (step.type === 'names') {
      return step.fields.map((name) => ({
        field: name.field,
        label: name.label,
        kind: 'text',
        options: [],
        ...(name.placeholder ? { placeholder: name.placeholder } : {}),
        ...(fieldSchema(payloadSchema, name.field).maxLength ? { maxLength: fieldSchema(payloadSchema, name.field).maxLength } : {}),
      }));
    }
    return [];
  });
}

/** A value as the payload schema spells it: 'Male' is sent as 'male' where that schema's enum is lowercase. */
export function spelledAs(schema: ObjectSchema, field: string, value: string): string {
  return schemaEnum(schema, field).find((allowed) => allowed.toLowerCase() === value.toLowerCase()) ?? value;
}

export type DetailValues = Record<string, string>;

/** The payload: answered fields only (a missing one gets the schema's '{field} is required'), names trimmed. */
export function detailsPayload(fields: DetailField[], values: DetailValues, schema: ObjectSchema): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const { field, kind } of fields) {
    const value = (values[field] ?? '').trim();
    if (value) payload[field] = kind === 'select' ? spelledAs(schema, field, value) : value;
  }
  return payload;
}

/** Starting values: what the applicant entered before, where it is still an option. */
export function initialValues(fields: DetailField[], user: UserDetails | null): DetailValues {
  const values: DetailValues = {};
  const saved = (user ?? {}) as unknown as Record<string, unknown>;
  for (const { field, kind, options } of fields) {
    const previous = saved[field];
    if (typeof previous !== 'string' || !previous) continue;
    const match = kind === 'select' ? options.find((option) => option.value.toLowerCase() === previous.toLowerCase())?.value : previous;
    if (match) values[field] = match;
  }
  return values;
}
