import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Test PDFs made by tests/fixtures/income-proof/make-fixtures.sh (qpdf), committed so tests need no qpdf. */
const dir = join(import.meta.dirname, '..', 'fixtures', 'income-proof');

export const fixturePassword = 'Right-Pass#2026';
export const wrongPassword = 'Wrong-Pass#2026';

export const fixtureNames = [
  'plain',
  'three-pages',
  'encrypted-aes256',
  'encrypted-aes256-object-streams',
  'encrypted-aes128-object-streams',
  'encrypted-rc4',
  'encrypted-rc4-40',
  'owner-password-only',
  'wrong-xref-offset',
  'damaged',
  'photo-named',
] as const;

export type FixtureName = (typeof fixtureNames)[number];

export function fixture(name: FixtureName): Uint8Array {
  return new Uint8Array(readFileSync(join(dir, `${name}.pdf`)));
}
