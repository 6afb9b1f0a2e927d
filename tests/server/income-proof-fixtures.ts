import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Test PDFs made by tests/fixtures/income-proof/make-fixtures.sh (qpdf), committed so tests need no qpdf. */
const dir = join(import.meta.dirname, '..', 'fixtures', 'income-proof');

export const fixturePassword = 'Right-Pass#2026';
export const wrongPassword = 'Wrong-Pass#2026';

export type FixtureName = 'plain' | 'encrypted-aes256' | 'encrypted-rc4' | 'owner-password-only' | 'damaged' | 'photo-named';

export function fixture(name: FixtureName): Uint8Array {
  return new Uint8Array(readFileSync(join(dir, `${name}.pdf`)));
}
