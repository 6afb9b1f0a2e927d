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
