import { indianToday, isWithin, parseDmy, type CalendarDate } from '../../core/engine/calendar-date';

export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * Strict DD/MM/YYYY, read as the step schemas' x-dateWithin reads it (core/engine/calendar-date.ts): '31/02/2000'
 * and '1/1/2000' are not dates.
 */
export function parseDateText(text: string): CalendarDate | null {
  return parseDmy(text) ?? null;
}

/** A date option: DD/MM/YYYY, or 'today' (the Indian calendar day when the widget renders, as the server counts it); else the fallback. */
export function resolveDateOption(option: unknown, fallback: string): CalendarDate {
  const text = typeof option === 'string' ? option : fallback;
  if (text === 'today') return indianToday(Date.now());
  return parseDateText(text) ?? resolveDateOption(fallback, 'today');
}

/** The date range of spec section 5 unless ui:options narrow it. */
export interface DateInputOptions {
  clearable: boolean;
  min: CalendarDate;
  max: CalendarDate;
}

export function readDateInputOptions(options: Readonly<Record<string, unknown>>): DateInputOptions {
  return {
    clearable: options.clearable === true,
    min: resolveDateOption(options.min, '01/01/1900'),
    max: resolveDateOption(options.max, 'today'),
  };
}

/** Whether a date falls within the widget's range, both ends included. */
export function isInRange(date: CalendarDate, { min, max }: Pick<DateInputOptions, 'min' | 'max'>): boolean {
  return isWithin(date, min, max);
}

/** What is typed, as DD/MM/YYYY so far: digits only, the slashes put in as the day and month are complete. */
export function formatDateDigits(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((part, index) => index === 0 || part).join('/');
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** For the native date input: YYYY-MM-DD. */
export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The native date input's YYYY-MM-DD as DD/MM/YYYY; null when empty or not a date. */
export function fromIsoDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dmy = match ? `${match[3]}/${match[2]}/${match[1]}` : '';
  return parseDateText(dmy) ? dmy : null;
}
