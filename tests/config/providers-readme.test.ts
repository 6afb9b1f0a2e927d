import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmePath, readmeWithProviders } from '../../scripts/providers-readme';

describe("README's Providers section", () => {
  it('is what the registry says (every vendor, variable, default, documentation and simulator): npx tsx scripts/providers-readme.ts --write', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(readme).toBe(readmeWithProviders(readme));
  });
});
