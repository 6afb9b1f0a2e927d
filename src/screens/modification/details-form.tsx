import { Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import type { StepValidator } from '../../renderer/form/validators';
import { text } from '../../text/format';
import { fieldErrors } from '../personal-details/field-errors';
import type { ObjectSchema } from '../personal-details/questions';
import { type DetailField, type DetailValues, detailsPayload } from './detail-fields';

export interface DetailsFormProps {
  fields: DetailField[];
  initial: DetailValues;
  stepValidator: StepValidator;
  copy: Record<string, string>;
  busy: boolean;
  onSubmit: (payload: Record<string, string>) => void;
}

/**
 * The personal-details questions as one form: native selects (the phone's own picker) and text inputs.
 * Messages are the payload schema's; they show after the first submit and then follow each edit.
 */
export function DetailsForm({ fields, initial, stepValidator, copy, busy, onSubmit }: DetailsFormProps) {
  const [values, setValues] = useState<DetailValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const schema = stepValidator.schema as ObjectSchema;
  const payload = detailsPayload(fields, values, schema);
  const errors = submitted ? fieldErrors(stepValidator, payload) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(fieldErrors(stepValidator, payload)).length > 0) return;
    onSubmit(payload);
  };
  const set = (field: string, value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <form className="mod-form" onSubmit={submit} noValidate>
      {fields.map(({ field, label, kind, options, placeholder, maxLength }) => {
        const id = `mod-${field}`;
        const error = errors[field];
        const described = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
        return (
          <div key={field} className="mod-field">
            <label className="pd-label" htmlFor={id}>
              {label}
            </label>
            {kind === 'select' ? (
              <select
                id={id}
                className="mod-select"
                value={values[field] ?? ''}
                disabled={busy}
                onChange={(event) => set(field, event.target.value)}
                {...described}
              >
                <option value="">{text(copy, 'selectPlaceholder', { label })}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                id={id}
                size="large"
                value={values[field] ?? ''}
                placeholder={placeholder}
                maxLength={maxLength}
                autoComplete="off"
                disabled={busy}
                status={error ? 'error' : undefined}
                onChange={(event) => set(field, event.target.value)}
                {...described}
              />
            )}
            {error ? (
              <p id={`${id}-error`} className="mod-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {text(copy, 'submit')}
      </Button>
    </form>
  );
}
