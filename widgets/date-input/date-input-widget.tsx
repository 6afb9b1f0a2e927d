import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { describedBy, errorsVisible, format, useControlTexts, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { DATE_FORMAT, formatDateDigits, fromIsoDate, isInRange, parseDateText, readDateInputOptions, toIsoDate } from './date-text';
import './date-input.css';

/**
 * DD/MM/YYYY date: typed (the slashes come by themselves) or picked in the device's own calendar, stored as the
 * 'DD/MM/YYYY' string. A typed date outside min/max, or not a date, is not taken and is cleared when the
 * applicant moves on. antd's DatePicker did the same at ~35 KB gzip per form route; the native picker is free
 * and on a phone is the system's date wheel.
 */
export function DateInputWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, placeholder, autofocus, onChange, onBlur, onFocus } = props;
  const { schema, rawErrors, registry, label } = props;
  const range = readDateInputOptions(options);
  const { clearable, min, max } = range;
  const controls = useControlTexts();
  const committed = typeof value === 'string' && parseDateText(value) ? value : '';
  const [typed, setTyped] = useState(committed);
  const sent = useRef<unknown>(value);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (prefill, reset) replaces what is typed; our own commits do not.
  useEffect(() => {
    if (value !== sent.current) setTyped(committed);
    sent.current = value;
  }, [value, committed]);

  const send = (next: unknown): void => {
    sent.current = next;
    onChange(next);
  };
  const take = (text: string): void => {
    setTyped(text);
    const date = text.length === DATE_FORMAT.length ? parseDateText(text) : null;
    const inRange = date !== null && isInRange(date, range);
    if (inRange) send(text);
    else if (committed) send(options.emptyValue);
  };
  const openCalendar = (): void => {
    const native = picker.current;
    if (!native) return;
    // Set here, not rendered: a page prerendered on another day hydrates with the markup it was built with.
    native.min = toIsoDate(min);
    native.max = toIsoDate(max);
    if (typeof native.showPicker === 'function') native.showPicker();
    else native.click();
  };
  const locked = disabled || readonly;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  return (
    <span className="onboard-date-field">
      <Input
        id={id}
        className="onboard-date-input"
        value={typed}
        inputMode="numeric"
        autoComplete="off"
        maxLength={DATE_FORMAT.length}
        placeholder={placeholder}
        disabled={locked}
        autoFocus={autofocus}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => take(formatDateDigits(event.target.value))}
        onFocus={() => onFocus(id, value)}
        onBlur={() => {
          if (typed !== committed) setTyped(committed);
          onBlur(id, value);
        }}
        suffix={
          <span className="onboard-date-actions">
            {clearable && committed && !locked ? (
              <button type="button" className="onboard-date-button" aria-label={controls.clear} onClick={() => take('')}>
                ×
              </button>
            ) : null}
            <button type="button" className="onboard-date-button" aria-label={label ? format(controls.chooseDate, { label }) : controls.chooseAnyDate} disabled={locked} onClick={openCalendar}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z" />
              </svg>
            </button>
          </span>
        }
      />
      <input
        ref={picker}
        type="date"
        className="onboard-date-native"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${id}__calendar`}
        value={committed ? toIsoDate(parseDateText(committed)!) : ''}
        onChange={(event) => {
          const picked = fromIsoDate(event.target.value);
          if (picked) take(picked);
        }}
      />
    </span>
  );
}
