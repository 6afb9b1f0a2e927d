import { describe, expect, it } from 'vitest';
import { indianToday, isValidBirthDate, parseDmy } from '../../../core/engine/calendar-date';

describe('calendar dates (DD/MM/YYYY)', () => {
  it.each([
    ['15/08/1990', { year: 1990, month: 8, day: 15 }],
    ['29/02/2000', { year: 2000, month: 2, day: 29 }],
    ['29/02/1900', undefined],
    ['29/02/2001', undefined],
    ['31/06/2020', undefined],
    ['00/01/2020', undefined],
    ['1/1/2020', undefined],
    ['2020-01-01', undefined],
  ])('parseDmy(%s)', (text, expected) => {
    expect(parseDmy(text)).toEqual(expected);
  });

  it("today is India's day: 20:00 UTC on 15 Jan is already 16 Jan", () => {
    expect(indianToday(Date.UTC(2026, 0, 15, 18, 29))).toEqual({ year: 2026, month: 1, day: 15 });
    expect(indianToday(Date.UTC(2026, 0, 15, 18, 30))).toEqual({ year: 2026, month: 1, day: 16 });
    expect(isValidBirthDate('16/01/2026', Date.UTC(2026, 0, 15, 20, 0))).toBe(true);
    expect(isValidBirthDate('16/01/2026', Date.UTC(2026, 0, 15, 10, 0))).toBe(false);
  });

  it('the range starts on 01/01/1900', () => {
    const now = Date.UTC(2026, 0, 15);
    expect(isValidBirthDate('01/01/1900', now)).toBe(true);
    expect(isValidBirthDate('31/12/1899', now)).toBe(false);
  });
});
