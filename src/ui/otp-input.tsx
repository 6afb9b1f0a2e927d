import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { format } from '../text/format';
import './otp.css';

export interface OtpInputProps {
  /** One entry per box, '' when empty. */
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Accessible name per box, e.g. 'Digit {index} of {length}'. */
  labelTemplate: string;
  autoFocus?: boolean;
  /** Bumped by the parent to put the cursor back in the first box (after an error cleared the code). */
  focusSignal?: number;
}

/** Separate one-digit boxes: typing advances, Backspace on an empty box goes back, a pasted code fills the boxes. */
export function OtpInput({ value, onChange, disabled, invalid, labelTemplate, autoFocus, focusSignal }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  useEffect(() => {
    if (focusSignal && !disabled) boxes.current[0]?.focus();
  }, [focusSignal, disabled]);

  // Digits typed or pasted into box `start` spill into the following boxes.
  const fill = (start: number, digits: string) => {
    if (!digits) return;
    const next = [...value];
    const chars = digits.slice(0, length - start).split('');
    chars.forEach((digit, offset) => (next[start + offset] = digit));
    onChange(next);
    focus(start + chars.length);
  };

  const onInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (raw === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    // A box that already held a digit receives old + new: keep the new one.
    fill(index, digits.length === 2 && value[index] ? digits.replace(value[index], '') || digits[1]! : digits);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    // A whole code always starts at the first box, wherever it was pasted.
    fill(digits.length >= length ? 0 : index, digits);
  };

  return (
    <div className="otp-input" role="group" data-invalid={invalid || undefined}>
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="otp-digit"
          value={digit}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={length}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-label={format(labelTemplate, { index: index + 1, length })}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}

export const emptyCode = (length: number): string[] => Array.from({ length }, () => '');
export const isComplete = (code: string[]): boolean => code.every((digit) => /^\d$/.test(digit));
