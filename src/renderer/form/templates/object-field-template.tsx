import type { FormContextType, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { StepFormData } from '../types';

type Props = ObjectFieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/** Fields in order; the root's title is the step copy's job, so only nested objects show theirs. */
export function ObjectFieldTemplate({ title, properties, fieldPathId }: Props) {
  const isRoot = fieldPathId.path.length === 0;
  return (
    <fieldset className="onboard-object" id={fieldPathId.$id}>
      {!isRoot && title ? <legend>{title}</legend> : null}
      {properties.map((property) => (property.hidden ? null : property.content))}
    </fieldset>
  );
}
