import { describe, expect, it } from 'vitest';
import { format, text } from '../../src/text/format';
import { digitsOnly, isEmail, isMobileInvalid } from '../../src/text/validation';

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('Enter the OTP sent to +91 {phone}', { phone: '9876543210' })).toBe('Enter the OTP sent to +91 9876543210');
    expect(format('{done} of {total} steps', { done: 3, total: 14 })).toBe('3 of 14 steps');
    expect(format('Hi {name}')).toBe('Hi {name}');
  });

  it('shows a missing copy key as [key] rather than nothing', () => {
    expect(text({ title: 'Hello' }, 'title')).toBe('Hello');
    expect(text({}, 'title')).toBe('[title]');
  });
});

describe('spec 5 rules', () => {
  it.each([
    ['', false],
    ['5', true],
    ['0', true],
    ['6', false],
    ['98765', false],
    ['9876543210', false],
    ['6000000000', false],
    ['5876543210', true],
  ])('mobile %j invalid: %s', (value, invalid) => {
    expect(isMobileInvalid(value)).toBe(invalid);
  });

  it('phone input keeps digits only, at most 10', () => {
    expect(digitsOnly('+91 98765-43210 99', 10)).toBe('9198765432');
    expect(digitsOnly('ab12', 10)).toBe('12');
  });

  it.each([
    ['a@b.in', true],
    ['first.last@example.co.in', true],
    ['plainaddress', false],
    ['a@b', false],
    ['a b@c.in', false],
    ['@b.in', false],
  ])('email %j valid: %s', (value, valid) => {
    expect(isEmail(value)).toBe(valid);
  });
});
