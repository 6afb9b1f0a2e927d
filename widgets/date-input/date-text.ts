import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'DD/MM/YYYY';

/** Strict DD/MM/YYYY: '31/02/2000' and '1/1/2000' are not dates. */
export function parseDateText(text: string): Dayjs | null {
  const date = dayjs(text, DATE_FORMAT, true);
  return date.isValid() ? date : null;
}

/** A date option: DD/MM/YYYY, or 'today' (read when the widget renders); else the fallback. */
export function resolveDateOption(option: unknown, fallback: string): Dayjs {
  const text = typeof option === 'string' ? option : fallback;
  if (text === 'today') return dayjs().startOf('day');
  return parseDateText(text) ?? resolveDateOption(fallback, 'today');
}

/** The date range of spec section 5 unless ui:options narrow it. */
export interface DateInputOptions {
  clearable: boolean;
  min: Dayjs;
  max: Dayjs;
}

export function readDateInputOptions(options: Readonly<Record<string, unknown>>): DateInputOptions {
  return {
    clearable: options.clearable === true,
    min: resolveDateOption(options.min, '01/01/1900'),
    max: resolveDateOption(options.max, 'today'),
  };
}

/** What is typed, as DD/MM/YYYY so far: digits only, the slashes put in as the day and month are complete. */
export function formatDateDigits(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((part, index) => index === 0 || part).join('/');
}

/** For the native date input: YYYY-MM-DD. */
export function toIsoDate(date: Dayjs): string {
  return date.format('YYYY-MM-DD');
}

/** The native date input's YYYY-MM-DD as DD/MM/YYYY; null when empty or not a date. */
export function fromIsoDate(text: string): string | null {
  const date = dayjs(text, 'YYYY-MM-DD', true);
  return date.isValid() ? date.format(DATE_FORMAT) : null;
}
