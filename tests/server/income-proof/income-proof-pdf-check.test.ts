import { describe, expect, it } from 'vitest';
import { type PdfCheck, checkPdf, looksLikePdf } from '../../../server/documents/uploads/pdf/pdf-check';
import { inspectPdf } from '../../../server/documents/uploads/pdf/pdf-inspect';
import { openPdf } from '../../../server/documents/uploads/pdf/pdf-worker';
import { minimalPdf } from '../../../server/providers/minimal-pdf';
import { type FixtureName, fixture, fixtureNames, fixturePassword, wrongPassword } from '../income-proof-fixtures';

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
    ['RC4-40, right password', 'encrypted-rc4-40', fixturePassword, { kind: 'ok', encrypted: true, pages: 1 }],
    ['RC4-40, wrong password', 'encrypted-rc4-40', wrongPassword, { kind: 'wrong_password' }],
    ['AES-256, object streams, right password', 'encrypted-aes256-object-streams', fixturePassword, { kind: 'ok', encrypted: true, pages: 3 }],
    ['AES-256, object streams, no password', 'encrypted-aes256-object-streams', undefined, { kind: 'password_required' }],
    ['AES-128, object streams, right password', 'encrypted-aes128-object-streams', fixturePassword, { kind: 'ok', encrypted: true, pages: 3 }],
    ['AES-128, object streams, the owner password', 'encrypted-aes128-object-streams', 'owner-only-secret', { kind: 'ok', encrypted: true, pages: 3 }],
    ['three plain pages', 'three-pages', undefined, { kind: 'ok', encrypted: false, pages: 3 }],
    ['an xref offset that is off (pdf.js repairs it)', 'wrong-xref-offset', undefined, { kind: 'ok', encrypted: false, pages: 1 }],
    ['owner password only (opens without one)', 'owner-password-only', undefined, { kind: 'ok', encrypted: true, pages: 1 }],
    ['owner password only, a password ticked anyway', 'owner-password-only', wrongPassword, { kind: 'ok', encrypted: true, pages: 1 }],
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
    // A refusal is pdf.js's to confirm, and pdf.js takes milliseconds over an AES-256 password.
    expect(await checkPdf(fixture('encrypted-aes256'), wrongPassword, { timeoutMs: 1 })).toEqual({ kind: 'unreadable' });
    expect(await checkPdf(fixture('wrong-xref-offset'))).toEqual({ kind: 'ok', encrypted: false, pages: 1 });
  });
});

describe('the quick reading (no pdf.js)', () => {
  it('opens well-formed files on its own: no worker, so no time limit applies', async () => {
    for (const name of ['plain', 'encrypted-aes256', 'encrypted-aes256-object-streams', 'encrypted-rc4'] as const) {
      expect((await checkPdf(fixture(name), fixturePassword, { timeoutMs: 1 })).kind).toBe('ok');
    }
  });

  it.each(fixtureNames.flatMap((name) => [undefined, fixturePassword, wrongPassword, 'owner-only-secret'].map((password) => [name, password] as const)))(
    'agrees with pdf.js: %s with password %s',
    async (name, password) => {
      const quick = inspectPdf(fixture(name), password);
      const full = await openPdf(fixture(name), password, { timeoutMs: 5_000, idleMs: 1_000 });
      if (quick?.kind === 'ok' && full.kind === 'ok') {
        expect(quick.pages).toBe(full.pages);
      } else if (quick?.kind === 'ok') {
        // The one leniency: a file that opens without a password is accepted whatever password came with it.
        expect((await openPdf(fixture(name), undefined, { timeoutMs: 5_000, idleMs: 1_000 })).kind).toBe('ok');
      } else if (quick?.kind === 'locked') {
        expect(['password_required', 'wrong_password']).toContain(full.kind);
      } else {
        // Undecided: the damaged, the repaired and the not-PDF are pdf.js's.
        expect(['damaged', 'photo-named', 'wrong-xref-offset']).toContain(name);
      }
    },
  );

  it('never throws on a cut-short or altered file, and what it opens is the whole document', () => {
    const bytes = fixture('encrypted-aes256-object-streams');
    for (let cut = 0; cut < bytes.length; cut += 7) {
      const answer = inspectPdf(bytes.subarray(0, cut), fixturePassword);
      if (answer?.kind === 'ok') expect(answer.pages).toBe(3);
      const altered = bytes.slice();
      altered[cut] = altered[cut]! ^ 0x55;
      const alteredAnswer = inspectPdf(altered, fixturePassword);
      if (alteredAnswer?.kind === 'ok') expect(alteredAnswer.pages).toBe(3);
    }
  });

  it('a file with more objects than any statement has is left to pdf.js in its worker, not read on the event loop', () => {
    const text = Buffer.from(fixture('plain')).toString('latin1');
    const huge = text.replace('trailer', `6 60000\n${'0000000000 00000 f \n'.repeat(60_000)}trailer`);
    expect(huge.length).toBeGreaterThan(1_000_000);
    expect(inspectPdf(new TextEncoder().encode(huge), undefined)).toBeUndefined();
  });

  it('a cross-reference chain that loops back on itself is left to pdf.js', () => {
    const text = Buffer.from(fixture('plain')).toString('latin1');
    const xref = Number(/startxref\s+(\d+)/.exec(text)?.[1]);
    const looped = text.replace('<< /Size 6 /Root 1 0 R >>', `<< /Size 6 /Root 1 0 R /Prev ${xref} >>`);
    expect(inspectPdf(new TextEncoder().encode(looped), undefined)).toBeUndefined();
  });
});
