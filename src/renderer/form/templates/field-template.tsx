import type { FieldTemplateProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { errorsVisible } from '../touch';
import type { StepFormData } from '../types';
import { fieldLabelId } from '../widget-helpers';

type Props = FieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/**
 * Label, control, and the schema's own error text under it (once the field was touched or a submit tried). A
 * field whose copy gives a `section` opens a group of fields under that heading (the guardian's details).
 */
export function FieldTemplate(props: Props) {
  const { id, label, children, rawErrors, help, description, hidden, displayLabel, registry, schema, formData, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const errors = rawErrors && errorsVisible(registry.formContext, id, formData, schema) ? rawErrors : [];
  const isObject = schema.type === 'object';
  const section = getUiOptions(uiSchema).section;
  return (
    <div className={`onboard-field${errors.length ? ' onboard-field-invalid' : ''}`}>
      {typeof section === 'string' ? <h3 className="onboard-field-section">{section}</h3> : null}
      {displayLabel && label && !isObject ? (
        <label className="onboard-field-label" id={fieldLabelId(id)} htmlFor={id}>
          {label}
        </label>
      ) : null}
      {displayLabel ? description : null}
      {children}
      {errors.length > 0 ? (
        <div className="onboard-field-error" id={`${id}__error`} role="alert">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      ) : null}
      {help}
    </div>
  );
}
