import { Input } from 'antd';
import { describedBy, errorsVisible, type StepWidgetProps } from '../../src/renderer/public-api/fields';

/** Digits only, at most the schema's maxLength: typed, pasted or dictated, anything else is dropped. */
export function toDigits(text: string, maxLength?: number): string {
  const digits = text.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

export function DigitsTextWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, placeholder, autofocus, onChange, onBlur, onFocus, schema, rawErrors, registry } = props;
  const text = typeof value === 'string' ? value : '';
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, text, schema);
  return (
    <Input
      id={id}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => {
        const next = toDigits(event.target.value, schema.maxLength ?? (typeof options.maxLength === 'number' ? options.maxLength : undefined));
        onChange(next === '' ? options.emptyValue : next);
      }}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
    />
  );
}
