import { Button, Input } from 'antd';
import { text } from '../../text/format';
import type { NamesStep } from './options';
import { fieldSchema, namesReady, textAnswer } from './questions';
import type { StepViewProps } from './step-view';

/** Several names on one step (father's and mother's); the length limit is the schema's maxLength. */
export function NamesStepView({ step, wizard, schema, copy, onNext, busy }: StepViewProps<NamesStep>) {
  const ready = namesReady(step, wizard.answers);
  return (
    <form
      className="pd-names"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !busy) onNext();
      }}
    >
      {step.fields.map((name, index) => {
        const id = `pd-${name.field}`;
        const helpId = name.help ? `${id}-help` : undefined;
        return (
          <div key={name.field} className="pd-field">
            <label className="pd-label" htmlFor={id}>
              {name.label}
            </label>
            <Input
              id={id}
              size="large"
              value={textAnswer(wizard.answers, name.field)}
              placeholder={name.placeholder}
              maxLength={fieldSchema(schema, name.field).maxLength}
              autoComplete="off"
              autoFocus={index === 0}
              aria-describedby={helpId}
              disabled={busy}
              onChange={(event) => wizard.answer(name.field, event.target.value)}
            />
            {name.help ? (
              <span id={helpId} className="pd-help">
                {name.help}
              </span>
            ) : null}
          </div>
        );
      })}
      <Button type="primary" htmlType="submit" size="large" block disabled={!ready || busy}>
        {text(copy, 'next')}
      </Button>
    </form>
  );
}
