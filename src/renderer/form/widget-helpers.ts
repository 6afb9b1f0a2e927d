import type { EnumOptionsType, RJSFSchema } from '@rjsf/utils';
import { pagerOf } from './form-context';
import { errorsVisible } from './touch';
import type { StepWidgetProps } from './types';

type LabelProps = Pick<StepWidgetProps, 'id' | 'hideLabel' | 'registry'>;

/** Id of the label FieldTemplate shows above a field. */
export const fieldLabelId = (id: string): string => `${id}__label`;

/**
 * What names a group of options (a radiogroup, a group of checkboxes): the field's label, or, when config hid
 * it on a paged form, the page heading, which asks the question.
 */
export function groupLabelledBy({ id, hideLabel, registry }: LabelProps): string | undefined {
  return hideLabel ? pagerOf(registry.formContext)?.titleId : fieldLabelId(id);
}

type DescribedProps = Pick<StepWidgetProps, 'id' | 'rawErrors' | 'registry' | 'schema' | 'uiSchema' | 'value'>;

/** The ids that describe an input, only of elements that are there: its shown error, then its help text. */
export function describedBy({ id, rawErrors, registry, schema, uiSchema, value }: DescribedProps): string | undefined {
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const ids = [invalid ? `${id}__error` : undefined, uiSchema?.['ui:help'] ? `${id}__help` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The schema's options in the order a widget lists them: as written, or reversed (incomes, highest first). */
export function orderedOptions(options: readonly EnumOptionsType<RJSFSchema>[] | undefined, reverse: unknown): EnumOptionsType<RJSFSchema>[] {
  const list = [...(options ?? [])];
  return reverse === true ? list.reverse() : list;
}

/** An option's note from the schema (a oneOf entry's `description`, e.g. a segment's exchanges). */
export function optionDescription(option: EnumOptionsType<RJSFSchema>): string | undefined {
  const description: unknown = option.schema?.description;
  return typeof description === 'string' && description ? description : undefined;
}
