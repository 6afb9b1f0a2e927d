import { describe, expect, it } from 'vitest';
import { format } from '../../core/engine/format';

describe('format (a text with its placeholders filled)', () => {
  it('writes an amount the Indian way: lakhs and crores grouped', () => {
    expect(format('₹{amount}', { amount: 100000 })).toBe('₹1,00,000');
    expect(format('₹{amount}', { amount: 12345678.5 })).toBe('₹1,23,45,678.5');
    expect(format('₹{amount}', { amount: 50000 })).toBe('₹50,000');
  });

  it('leaves a four-digit number, a small count and a string as written', () => {
    expect(format('{year}: {count} pages, PIN {pin}', { year: 2026, count: 3, pin: '560001' })).toBe('2026: 3 pages, PIN 560001');
  });

  it('keeps an unknown placeholder visible', () => {
    expect(format('Hello {name}')).toBe('Hello {name}');
  });
});

describe('format writes numbers as Intl.NumberFormat(en-IN, grouping from five digits) does', () => {
  const intl = new Intl.NumberFormat('en-IN', { useGrouping: 'min2', maximumFractionDigits: 20 });
  const numbers = [
    0, -0, 1, 9, 10, 999, 1000, 9999, 10000, 99999, 100000, 123456, 1234567, 12345678, 123456789, 1234567890, 98765432109876,
    Number.MAX_SAFE_INTEGER, 0.5, 1.25, 10000.75, 1234567.125, 0.1 + 0.2, -1, -9999, -10000, -1234567.5, 1e21, 1.5e22, 1e-7, -2.5e-8,
    Infinity, -Infinity, NaN,
  ];
  it.each(numbers.map((value) => [value]))('%s', (value) => {
    expect(format('{n}', { n: value })).toBe(intl.format(value));
  });

  it('and every power of ten and its neighbours up to 10^20, and a sweep of random amounts', () => {
    const sweep: number[] = [];
    for (let digits = 0; digits <= 20; digits++) sweep.push(10 ** digits, 10 ** digits - 1, 10 ** digits + 1, -(10 ** digits));
    for (let i = 0; i < 2000; i++) sweep.push(Math.round(Math.random() * 10 ** (1 + (i % 15))) / (i % 3 === 0 ? 100 : 1));
    expect(sweep.map((value) => format('{n}', { n: value }))).toEqual(sweep.map((value) => intl.format(value)));
  });
});
