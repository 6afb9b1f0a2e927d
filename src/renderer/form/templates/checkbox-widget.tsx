import { errorsVisible } from '../touch';
import type { StepWidgetProps } from '../types';
import { describedBy } from '../widget-helpers';

/**
 * rjsf's CheckboxWidget (a yes/no answer, e.g. 'This PDF is password protected'): a native checkbox in the theme's
 * colours, so every form shows it at once without antd's Checkbox in the shared form code.
 */
export function CheckboxWidget(props: StepWidgetProps) {
  const { id, value, label, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, registry, schema } = props;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  return (
    <label className="onboard-checkbox" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>{label}</span>
    </label>
  );
}
