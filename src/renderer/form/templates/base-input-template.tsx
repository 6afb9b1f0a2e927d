import { Input } from 'antd';
import type { BaseInputTemplateProps, FormContextType, RJSFSchema } from '@rjsf/utils';
import { getInputProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { errorsVisible } from '../touch';
import type { StepFormData } from '../types';
import { describedBy } from '../widget-helpers';

type Props = BaseInputTemplateProps<StepFormData, RJSFSchema, FormContextType>;

/** Text-like inputs as an antd Input; an emptied input becomes the field's emptyValue (usually undefined). */
export function BaseInputTemplate(props: Props) {
  const { id, htmlName, value, readonly, disabled, autofocus, placeholder, onBlur, onFocus, onChange } = props;
  const { onChangeOverride, options, schema, type, rawErrors, registry } = props;
  const inputProps = getInputProps<StepFormData, RJSFSchema, FormContextType>(schema, type, options);
  const text: unknown = value;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, text, schema);
  const handleChange = (event: ChangeEvent<HTMLInputElement>): void =>
    onChange(event.target.value === '' ? options.emptyValue : event.target.value);
  return (
    <Input
      id={id}
      name={htmlName ?? id}
      type={inputProps.type}
      step={inputProps.step}
      min={inputProps.min}
      max={inputProps.max}
      autoComplete={inputProps.autoComplete}
      maxLength={schema.maxLength}
      value={text === undefined || text === null ? '' : String(text)}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      onChange={onChangeOverride ?? handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
