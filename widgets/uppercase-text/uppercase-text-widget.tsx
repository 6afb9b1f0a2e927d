import { Input } from 'antd';
import { describedBy, errorsVisible, type StepWidgetProps } from '../../src/renderer/public-api/fields';

/** Uppercases, keeps only A-Z and 0-9, and cuts to maxLength: what a PAN input accepts. The cut is ours, not
 * the input's maxLength, so a pasted "abcde-1234f" still yields ABCDE1234F. */
export function toUppercaseCode(text: string, maxLength?: number): string {
  const code = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return maxLength === undefined ? code : code.slice(0, maxLength);
}

export function UppercaseTextWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, placeholder, autofocus, onChange, onBlur, onFocus } = props;
  const { schema, rawErrors, registry } = props;
  const text = typeof value === 'string' ? value : '';
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, text, schema);
  return (
    <Input
      id={id}
      value={text}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => {
        const next = toUppercaseCode(event.target.value, schema.maxLength);
        onChange(next === '' ? options.emptyValue : next);
      }}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
    />
  );
}
