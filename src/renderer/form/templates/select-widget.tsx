import { DownOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { enumOptionsIndexForValue, enumOptionsValueForIndex } from '@rjsf/utils';
import { errorsVisible } from '../touch';
import type { StepWidgetProps } from '../types';
import { describedBy } from '../widget-helpers';

/**
 * rjsf's SelectWidget as an antd Select; options are addressed by index so any enum value type works. Typing
 * narrows the list (the native select's type-ahead, which the antd one lacks).
 */
export function SelectWidget(props: StepWidgetProps) {
  const { id, value, options, multiple, disabled, readonly, placeholder, autofocus, onChange, onBlur, onFocus } = props;
  const { schema, rawErrors, registry } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions, multiple);
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const toValue = (index: string | string[] | undefined): unknown =>
    index === undefined ? emptyValue : enumOptionsValueForIndex(index, enumOptions, emptyValue);
  return (
    <Select<string | string[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={selected ?? undefined}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      className="onboard-select"
      // antd's arrow would be read out by its icon's English name ("down"); the combobox already says it opens.
      suffixIcon={<DownOutlined aria-hidden="true" />}
      // Typing filters the options by their label (type-ahead: 'Sp' for Spouse).
      showSearch={{ optionFilterProp: 'label' }}
      options={enumOptions.map((option, index) => ({
        label: option.label,
        value: String(index),
        disabled: Array.isArray(enumDisabled) && enumDisabled.includes(option.value),
      }))}
      onChange={(index) => onChange(toValue(index))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
