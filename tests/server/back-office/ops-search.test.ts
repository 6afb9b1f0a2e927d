import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../../server/back-office/services/applications';

/** What a reviewer's search text is taken for: a mobile number (the one pattern of schemas/mobile-number.schema.json), a PAN, or a name. */
describe('the back office search', () => {
  it.each([
    ['9876543210', { phone: '9876543210' }],
    ['98765 43210', { phone: '9876543210' }],
    ['+91 98765-43210', { phone: '9876543210' }],
    ['919876543210', { phone: '9876543210' }],
    ['9198765432', { phone: '9198765432' }],
    ['abcpe1234f', { pan: 'ABCPE1234F' }],
    ['Sneha  Sharma', { name: 'Sneha Sharma' }],
  ])('%j is %j', (text, expected) => {
    expect(parseSearch(text)).toEqual(expected);
  });

  it.each(['5876543210', '+919', '98765', 'x'])('%j is no mobile number, PAN or name: refused', (text) => {
    expect(() => parseSearch(text)).toThrow('backOffice.searchTooShort');
  });
});
