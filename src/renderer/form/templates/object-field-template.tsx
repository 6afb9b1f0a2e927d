import type { FormContextType, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { readOnboardContext } from '../form-context';
import type { StepFormData } from '../types';

type Props = ObjectFieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/**
 * Fields in order; the root's title is the step copy's job, so only nested objects show theirs. At the root,
 * a form that shows a page shows that page's fields alone, in the page's order.
 */
export function ObjectFieldTemplate({ title, properties, fieldPathId, registry }: Props) {
  const isRoot = fieldPathId.path.length === 0;
  const fields = isRoot ? readOnboardContext(registry.formContext)?.fields : undefined;
  const shown = fields ? fields.flatMap((name) => properties.filter((property) => property.name === name)) : properties;
  return (
    <fieldset className="onboard-object" id={fieldPathId.$id}>
      {!isRoot && title ? <legend>{title}</legend> : null}
      {shown.map((property) => (property.hidden ? null : property.content))}
    </fieldset>
  );
}
