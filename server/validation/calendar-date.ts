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
