import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, maskRecipient } from '../../../server/providers/mask';

describe('masking', () => {
  it.each([
    ['9876543210', '98******10'],
    ['12345', '12*45'],
    ['1234', '****'],
    ['', ''],
  ])('maskPhone(%j) is %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ['ravi.k@gmail.com', 'ra***@gmail.com'],
    ['r@x.in', 'r***@x.in'],
    ['@x.in', '***@x.in'],
    ['not-an-address', 'no**********ss'],
  ])('maskEmail(%j) is %j', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });

  it('maskRecipient picks by channel', () => {
    expect(maskRecipient('sms', '9876543210')).toBe('98******10');
    expect(maskRecipient('email', 'ravi@gmail.com')).toBe('ra***@gmail.com');
  });
});
