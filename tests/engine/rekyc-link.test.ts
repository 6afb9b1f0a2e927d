import { describe, expect, it } from 'vitest';
import { RekycLinkError, decodeRekycData, encodeRekycData, rekycLinkPath } from '../../core/engine/rekyc-link';

const id = '3f2b6c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

describe('re-KYC link data', () => {
  it("is base64 of 'phone:id' and decodes back", () => {
    const data = encodeRekycData('9876543210', id);
    expect(atob(data)).toBe(`9876543210:${id}`);
    expect(decodeRekycData(data)).toEqual({ phone: '9876543210', id });
  });

  it('the link carries it URL-encoded under context=income_declaration', () => {
    const data = encodeRekycData('9876543210', id);
    expect(rekycLinkPath('ab+/=')).toBe('/?context=income_declaration&data=ab%2B%2F%3D');
    expect(new URLSearchParams(rekycLinkPath(data).slice(2)).get('data')).toBe(data);
  });

  it('accepts what mail clients do to it: the URL-safe alphabet, no padding, spaces around', () => {
    const data = encodeRekycData('9876543210', 'ab_c');
    const urlSafe = data.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    expect(decodeRekycData(` ${urlSafe} `)).toEqual({ phone: '9876543210', id: 'ab_c' });
  });

  it.each([
    ['', 'it is empty'],
    ['   ', 'it is empty'],
    ['not base64!', 'it is not base64'],
    ['a', 'it is not base64'],
    ['A'.repeat(201), 'it is too long'],
    [btoa('9876543210'), "it is not 'phone:id'"],
    [btoa('987654321:abc'), 'the phone number is not 10 digits'],
    [btoa('98765432100:abc'), 'the phone number is not 10 digits'],
    [btoa('98765x3210:abc'), 'the phone number is not 10 digits'],
    [btoa(':abc'), 'the phone number is not 10 digits'],
    [btoa('9876543210:'), 'the id is not valid'],
    [btoa('9876543210:a b'), 'the id is not valid'],
    [btoa('9876543210:a:b'), 'the id is not valid'],
    [btoa(`9876543210:${'a'.repeat(65)}`), 'the id is not valid'],
  ])('%j: %s', (data, reason) => {
    expect(() => decodeRekycData(data)).toThrow(RekycLinkError);
    // The applicant reads it as flow-config/messages.json rekyc.malformedBecause words it (tests/server/back-office/ops-rekyc.test.ts).
    expect(() => decodeRekycData(data)).toThrow(expect.objectContaining({ reason }));
  });

  it('refuses to build a link for a phone that is not 10 digits', () => {
    expect(() => encodeRekycData('98765', id)).toThrow('the phone number is not 10 digits');
  });
});
