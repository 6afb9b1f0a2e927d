import { Checkbox } from 'antd';
import { errorsVisible } from '../touch';
import type { StepWidgetProps } from '../types';
import { describedBy } from '../widget-helpers';

/** rjsf's CheckboxWidget (a yes/no answer, e.g. 'This PDF is password protected') as the theme's antd checkbox. */
export function CheckboxWidget(props: StepWidgetProps) {
  const { id, value, label, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, registry, schema } = props;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  return (
    <Checkbox
      id={id}
      className="onboard-checkbox"
      checked={value === true}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {label}
    </Checkbox>
  );
}
