import type { FieldTemplateProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { errorsVisible } from '../touch';
import type { StepFormData } from '../types';
import { fieldLabelId } from '../widget-helpers';

type Props = FieldTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/**
 * Label, control, and the schema's own error text under it (once the field was touched or a submit tried). A
 * field whose copy gives a `section` opens a group of fields under that heading (the guardian's details), a level
 * below what holds it: the page's title, or a repeater's item (its id has the item's index: root_nominees_0_x).
 */
export function FieldTemplate(props: Props) {
  const { id, label, children, rawErrors, help, description, hidden, displayLabel, registry, schema, formData, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const errors = rawErrors && errorsVisible(registry.formContext, id, formData, schema) ? rawErrors : [];
  const isObject = schema.type === 'object';
  const section = getUiOptions(uiSchema).section;
  const SectionHeading = /_\d+_/.test(id) ? 'h3' : 'h2';
  return (
    <div className={`onboard-field${errors.length ? ' onboard-field-invalid' : ''}`}>
      {typeof section === 'string' ? <SectionHeading className="onboard-field-section">{section}</SectionHeading> : null}
      {displayLabel && label && !isObject ? (
        <label className="field-label onboard-field-label" id={fieldLabelId(id)} htmlFor={id}>
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
