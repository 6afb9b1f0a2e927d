import { describedBy, errorsVisible, formText, orderedOptions, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import './native-select.css';

/** A choice as a native select: an empty first entry, then the schema's options; values keep their schema type. */
export function NativeSelectWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, label, placeholder, autofocus, onChange, onBlur, onFocus } = props;
  const { schema, rawErrors, registry } = props;
  const choices = orderedOptions(options.enumOptions, options.reverse);
  const selected = choices.find((option) => option.value === value);
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const valueOf = (text: string): unknown =>
    text === '' ? options.emptyValue : (choices.find((option) => String(option.value) === text)?.value ?? options.emptyValue);
  return (
    <select
      id={id}
      className="native-select"
      value={selected ? String(selected.value) : ''}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(valueOf(event.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{placeholder || formText(registry.formContext, 'selectPlaceholder', { label })}</option>
      {choices.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
