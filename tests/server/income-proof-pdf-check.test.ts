import { describe, expect, it } from 'vitest';
import { type PdfCheck, checkPdf, looksLikePdf } from '../../server/income-proof/pdf-check';
import { minimalPdf } from '../../server/providers/minimal-pdf';
import { type FixtureName, fixture, fixturePassword, wrongPassword } from './income-proof-fixtures';

describe('checkPdf', () => {
  it.each<[string, FixtureName, string | undefined, PdfCheck]>([
    ['a plain PDF', 'plain', undefined, { kind: 'ok', encrypted: false, pages: 1 }],
    ['a plain PDF with a password anyway', 'plain', 'anything', { kind: 'ok', encrypted: false, pages: 1 }],
    ['AES-256, no password', 'encrypted-aes256', undefined, { kind: 'password_required' }],
    ['AES-256, empty password', 'encrypted-aes256', '', { kind: 'password_required' }],
    ['AES-256, wrong password', 'encrypted-aes256', wrongPassword, { kind: 'wrong_password' }],
    ['AES-256, right password', 'encrypted-aes256', fixturePassword, { kind: 'ok', encrypted: true, pages: 1 }],
    ['RC4-128, no password', 'encrypted-rc4', undefined, { kind: 'password_required' }],
    ['RC4-128, wrong password', 'encrypted-rc4', wrongPassword, { kind: 'wrong_password' }],
    ['RC4-128, right password', 'encrypted-rc4', fixturePassword, { kind: 'ok', encrypted: true, pages: 1 }],
    ['owner password only (opens without one)', 'owner-password-only', undefined, { kind: 'ok', encrypted: true, pages: 1 }],
    ['a JPEG named .pdf', 'photo-named', undefined, { kind: 'not_pdf' }],
    ['a damaged PDF', 'damaged', undefined, { kind: 'unreadable' }],
  ])('%s', async (_label, name, password, expected) => {
    expect(await checkPdf(fixture(name), password)).toEqual(expected);
  });

  it('leaves the caller’s bytes usable (pdf.js gets a copy)', async () => {
    const bytes = fixture('plain');
    await checkPdf(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(looksLikePdf(bytes)).toBe(true);
  });

  it.each([
    ['empty', new Uint8Array()],
    ['text', new TextEncoder().encode('hello, not a pdf')],
    ['a PNG header', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('%s is not a PDF', async (_label, bytes) => {
    expect(await checkPdf(bytes)).toEqual({ kind: 'not_pdf' });
  });

  it('the sandbox minimal PDF opens', async () => {
    expect(await checkPdf(minimalPdf('Signed (sandbox)'))).toEqual({ kind: 'ok', encrypted: false, pages: 1 });
  });
});

describe('checkPdf in its worker thread', () => {
  it('runs checks one after another and gives each caller its own answer', async () => {
    const answers = await Promise.all([
      checkPdf(fixture('encrypted-aes256'), fixturePassword),
      checkPdf(fixture('encrypted-aes256'), wrongPassword),
      checkPdf(fixture('plain')),
      checkPdf(fixture('encrypted-rc4')),
    ]);
    expect(answers.map((answer) => answer.kind)).toEqual(['ok', 'wrong_password', 'ok', 'password_required']);
  });

  it('a parse slower than the time limit is unreadable, and the next check still works', async () => {
    expect(await checkPdf(fixture('encrypted-aes256'), fixturePassword, { timeoutMs: 1 })).toEqual({ kind: 'unreadable' });
    expect(await checkPdf(fixture('plain'))).toEqual({ kind: 'ok', encrypted: false, pages: 1 });
  });
});
