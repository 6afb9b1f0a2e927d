import { Button, Checkbox } from 'antd';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { describedBy, errorsVisible, formSubmitted, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { ResponsiveModal } from '../../src/renderer/public-api/dialog';
import { warningTurns } from './warning-turns';

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

/**
 * A declaration the applicant ticks: it starts unticked, whatever the schema's answer would be. Unticking it, or
 * leaving an inverted one unticked at Save (the statement does not hold: 'I am an Indian citizen' left blank is
 * nri: true), gives the unticked answer and opens the dialog that explains what that means, one dialog at a time
 * (and at a Save, only the first box's).
 */
export function ConsentCheckboxWidget(props: StepWidgetProps) {
  const { id, value, label, options, disabled, readonly, onChange, onBlur, rawErrors, registry, schema } = props;
  const inverted = options.inverted === true;
  const warning = readWarning(options.warning);
  const shownWarning = useSyncExternalStore(warningTurns.subscribe, warningTurns.current, warningTurns.current) === id;
  const ticked = inverted ? value === false : value === true;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const submitted = formSubmitted(registry.formContext);

  // The sheet a Save opened hands focus, once closed, to the form's first error (the page may have scrolled away).
  const openedBySave = useRef(false);
  const close = () => {
    warningTurns.release(id);
    if (!openedBySave.current) return;
    openedBySave.current = false;
    setTimeout(() => focusFirstError(document.getElementById(id)), 0);
  };
  useEffect(() => {
    if (!submitted || !inverted || value !== undefined) return;
    onChange(true);
    if (warning && warningTurns.current() === undefined) openedBySave.current = true;
    if (warning) warningTurns.requestAlone(id);
    // When the form is first sent: only a box still unanswered then.
  }, [submitted]);
  useEffect(() => () => warningTurns.release(id), [id]);

  return (
    <div className={`consent-checkbox${invalid ? ' consent-checkbox-invalid' : ''}`}>
      <Checkbox
        id={id}
        checked={ticked}
        disabled={disabled || readonly}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => {
          // Ticked gives the statement's answer; unticked an inverted box's opposite, a plain box's no answer at all.
          const next = event.target.checked ? !inverted : inverted ? true : undefined;
          onChange(next);
          onBlur(id, next);
          if (!event.target.checked && warning) warningTurns.request(id);
        }}
      >
        {label}
      </Checkbox>
      {warning && shownWarning ? (
        <ResponsiveModal
          open
          title={warning.title}
          onClose={close}
          footer={
            <Button type="primary" size="large" onClick={close}>
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

/** Focus on the first field marked invalid in the form holding `inside`, brought into view. */
function focusFirstError(inside: HTMLElement | null): void {
  const first = inside?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.focus({ preventScroll: true });
  first.scrollIntoView?.({ block: 'center' });
}
