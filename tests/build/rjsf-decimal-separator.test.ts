import { describe, expect, it } from 'vitest';
import { configDir } from '../../server/config/config-dirs';
import { readLanguages } from '../../server/config/languages';
import getDecimalSeparator from '../../scripts/stubs/rjsf-decimal-separator';

describe("the stand-in for rjsf's getDecimalSeparator (scripts/stubs/rjsf-decimal-separator.ts)", () => {
  it('answers the separator Intl gives for every declared language as India writes it', () => {
    const { languages } = readLanguages(configDir);
    expect(languages.length).toBeGreaterThan(1);
    for (const { code } of languages) {
      const decimal = new Intl.NumberFormat(`${code}-IN`).formatToParts(1.1).find((part) => part.type === 'decimal')?.value;
      expect({ code, decimal }).toEqual({ code, decimal: getDecimalSeparator() });
    }
  });
});
