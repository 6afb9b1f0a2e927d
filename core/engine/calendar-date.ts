/** DD/MM/YYYY dates as the forms send them, checked against the real calendar. */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The date, or undefined when the text is not DD/MM/YYYY or names a day that does not exist (31/04, 29/02/2001). */
export function parseDmy(text: string): CalendarDate | undefined {
  const match = dmy.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const real = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

function ordinal(date: CalendarDate): number {
  return date.year * 10_000 + date.month * 100 + date.day;
}

export function isWithin(date: CalendarDate, min: CalendarDate, max: CalendarDate): boolean {
  return ordinal(date) >= ordinal(min) && ordinal(date) <= ordinal(max);
}

/** India is UTC+5:30 all year; "today" for an applicant is the Indian calendar day. */
const istOffsetMs = 330 * 60_000;

export function indianToday(nowMs: number): CalendarDate {
  const shifted = new Date(nowMs + istOffsetMs);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** Spec section 5: dates of birth run from 01/01/1900 to today. */
export const earliestBirthDate: CalendarDate = { year: 1900, month: 1, day: 1 };

export function isValidBirthDate(text: string, nowMs: number): boolean {
  const date = parseDmy(text);
  return !!date && isWithin(date, earliestBirthDate, indianToday(nowMs));
}

/** Spec date ranges name their bounds as DD/MM/YYYY or 'today' (the Indian calendar day). */
function boundOf(text: string, nowMs: number): CalendarDate | undefined {
  return text === 'today' ? indianToday(nowMs) : parseDmy(text);
}

/** Whether a DD/MM/YYYY date is a real day within [min, max]; the keyword x-dateWithin of the step schemas. */
export function dateWithin(text: unknown, range: { min?: string; max?: string }, nowMs: number = Date.now()): boolean {
  const date = typeof text === 'string' ? parseDmy(text) : undefined;
  if (!date) return false;
  const min = range.min ? boundOf(range.min, nowMs) : earliestBirthDate;
  const max = range.max ? boundOf(range.max, nowMs) : indianToday(nowMs);
  return !!min && !!max && isWithin(date, min, max);
}

/** Whether a DD/MM/YYYY birth date makes someone younger than `years` today; the keyword x-ageBelow. */
export function ageBelow(text: unknown, years: number, nowMs: number = Date.now()): boolean {
  const date = typeof text === 'string' ? parseDmy(text) : undefined;
  if (!date) return false;
  const today = indianToday(nowMs);
  return isWithin(today, date, { ...date, year: date.year + years, day: date.day - 1 });
}

/** Whether `field` of every item adds up to `total` (nominee shares to 100); the keyword x-sumEquals. */
/** At most one item of an array of objects has `field` true (the one nominee who may operate the account). */
export function atMostOne(items: unknown, field: string): boolean {
  if (!Array.isArray(items)) return true;
  return items.filter((item) => item && typeof item === 'object' && (item as Record<string, unknown>)[field] === true).length <= 1;
}

export function sumEquals(items: unknown, rule: { field: string; total: number }): boolean {
  if (!Array.isArray(items)) return true;
  let sum = 0;
  for (const item of items) {
    const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[rule.field] : undefined;
    if (typeof value !== 'number') return true; // a missing share has its own message
    sum += value;
  }
  return sum === rule.total;
}
