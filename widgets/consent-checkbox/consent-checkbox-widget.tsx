import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { errorsVisible, ResponsiveModal, type StepWidgetProps } from '../../src/renderer/public-api';

interface Warning {
  title: string;
  text: string;
  close: string;
}

function readWarning(value: unknown): Warning | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { title, text, close } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof text === 'string' && typeof close === 'string' ? { title, text, close } : undefined;
}

/** A declaration the applicant ticks; unticking may open a dialog that explains what that means. */
export function ConsentCheckboxWidget({ id, value, label, options, disabled, readonly, onChange, onBlur, rawErrors, registry, schema }: StepWidgetProps) {
  const inverted = options.inverted === true;
  const warning = readWarning(options.warning);
  const [warned, setWarned] = useState(false);
  const ticked = inverted ? value === false : value === true;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  return (
    <div className={`consent-checkbox${invalid ? ' consent-checkbox-invalid' : ''}`}>
      <Checkbox
        id={id}
        checked={ticked}
        disabled={disabled || readonly}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const next = inverted ? !event.target.checked : event.target.checked;
          onChange(next);
          onBlur(id, next);
          if (!event.target.checked && warning) setWarned(true);
        }}
      >
        {label}
      </Checkbox>
      {warning && warned ? (
        <ResponsiveModal
          open
          title={warning.title}
          onClose={() => setWarned(false)}
          footer={
            <Button type="primary" size="large" onClick={() => setWarned(false)}>
              {warning.close}
            </Button>
          }
        >
          <p>{warning.text}</p>
        </ResponsiveModal>
      ) : null}
    </div>
  );
}
