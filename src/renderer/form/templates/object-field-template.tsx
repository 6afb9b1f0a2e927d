import { cloneElement, Fragment, isValidElement } from 'react';
import { type ErrorSchema, type FormContextType, getUiOptions, type ObjectFieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { hiddenConditionalFields, schemaAtPath } from '../../../../core/engine/conditional-fields';
import { readOnboardContext } from '../form-context';
import type { StepFormData } from '../types';
import { useSameAddress } from './same-address';

type Props = ObjectFieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/** Fields with errors now (an answer left from before stays visible so it can be fixed). */
function fieldsWithErrors(errorSchema: ErrorSchema | undefined): string[] {
  if (!errorSchema) return [];
  return Object.entries(errorSchema).flatMap(([name, node]) => {
    const errors = (node as { __errors?: unknown[] } | undefined)?.__errors;
    return name !== '__errors' && errors?.length ? [name] : [];
  });
}

/**
 * Fields in order; the root's title is the step copy's job, so only nested objects show theirs. At the root,
 * a form that shows a page shows that page's fields alone, in the page's order. A field the schema requires
 * only under an if/then (a guardian for a minor, a reason for a 'yes') shows only while rjsf, with the form's
 * own validator, finds the condition met.
 */
export function ObjectFieldTemplate({ title, properties, fieldPathId, registry, schema, errorSchema, uiSchema, disabled, readonly }: Props) {
  const isRoot = fieldPathId.path.length === 0;
  // An array item is headed by the array's item template instead.
  const isItem = typeof fieldPathId.path.at(-1) === 'number';
  const fields = isRoot ? readOnboardContext(registry.formContext)?.fields : undefined;
  const shown = fields ? fields.flatMap((name) => properties.filter((property) => property.name === name)) : properties;
  // 'Same address as mine' (ui:options.sameAddress), before the first field of the address it fills.
  const sameAddress = useSameAddress(getUiOptions(uiSchema).sameAddress, fieldPathId.$id, !!(disabled || readonly));
  const hidden = hiddenConditionalFields(schemaAtPath(registry.rootSchema, fieldPathId.path), schema.required ?? [], fieldsWithErrors(errorSchema));
  return (
    <fieldset className="onboard-object" id={fieldPathId.$id}>
      {!isRoot && !isItem && title ? <legend className="field-label">{title}</legend> : null}
      {shown.map((property) => {
        if (property.hidden || hidden.includes(property.name)) return null;
        const content = sameAddress?.locked.has(property.name) && isValidElement<{ readonly?: boolean }>(property.content) ? cloneElement(property.content, { readonly: true }) : property.content;
        return sameAddress?.before === property.name ? (
          <Fragment key={property.name}>
            {sameAddress.box}
            {content}
          </Fragment>
        ) : (
          content
        );
      })}
    </fieldset>
  );
}
