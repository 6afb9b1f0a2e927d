import { describe, expect, it } from 'vitest';
import { maskPan } from '../../server/providers/pan-kra/pan-registry';
import { createSandboxPanRegistry, sandboxPanName, sandboxPanTriggers } from '../../server/providers/pan-kra/sandbox-pan-registry';
import { ProviderError } from '../../server/providers/provider-error';

const registry = createSandboxPanRegistry({ delayMs: 0, slowDelayMs: 0 });
const dob = '15/08/1990';

describe('sandbox PAN/KRA registry', () => {
  it('finds an individual PAN: a name from the PAN, the date of birth as sent', async () => {
    expect(await registry.lookup({ pan: 'ABCPS1234F', dateOfBirth: dob })).toEqual({
      kind: 'verified',
      pan: 'ABCPS1234F',
      name: sandboxPanName('ABCPS1234F'),
      dateOfBirth: dob,
    });
  });

  it('names are stable per PAN, Indian, and the surname starts with the 5th letter where it can', () => {
    expect(sandboxPanName('ABCPS1234F')).toBe(sandboxPanName('ABCPS1234F'));
    expect(sandboxPanName('ABCPS1234F')).toMatch(/^[A-Z]+ SHARMA$/);
    expect(sandboxPanName('ABCPR1234F')).toMatch(/^[A-Z]+ REDDY$/);
    expect(sandboxPanName('ABCPX1234F')).toMatch(/^[A-Z]+ (KUMAR|SINGH|RAO|DAS)$/);
    const firstNames = new Set(['1234', '2345', '3456', '4567', '5678'].map((digits) => sandboxPanName(`ABCPS${digits}F`).split(' ')[0]));
    expect(firstNames.size).toBeGreaterThan(1);
  });

  it.each([
    ['ABCPE0000F', 'not_found'],
    ['ABCCE1234F', 'not_individual'],
    ['AAAHK1234Q', 'not_individual'],
    ['ABCPE1111F', 'dob_mismatch'],
    ['ABCPE9999F', 'verified'],
    ['ABCCE0000F', 'not_found'],
  ])('%s → %s', async (pan, kind) => {
    expect((await registry.lookup({ pan, dateOfBirth: dob })).kind).toBe(kind);
  });

  it('digits 5000: the registry is unavailable (ProviderError without the full PAN)', async () => {
    const error = await registry.lookup({ pan: 'ABCPE5000F', dateOfBirth: dob }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(String((error as Error).message)).not.toContain('ABCPE5000F');
  });

  it('the documented trigger table matches what the sandbox does', async () => {
    const kinds: Record<string, string> = {};
    for (const trigger of sandboxPanTriggers) {
      kinds[trigger.example] = await registry.lookup({ pan: trigger.example, dateOfBirth: dob }).then(
        (result) => result.kind,
        () => 'unavailable',
      );
    }
    expect(kinds).toEqual({
      ABCPE5000F: 'unavailable',
      ABCPE9999F: 'verified',
      ABCPE0000F: 'not_found',
      ABCCE1234F: 'not_individual',
      ABCPE1111F: 'dob_mismatch',
      ABCPS1234F: 'verified',
    });
    const last = sandboxPanTriggers.at(-1);
    expect(last?.answer).toContain(sandboxPanName('ABCPS1234F'));
  });

  it('waits the configured latency, longer for the slow trigger', async () => {
    const timed = createSandboxPanRegistry({ delayMs: 20, slowDelayMs: 120 });
    const time = async (pan: string) => {
      const started = performance.now();
      await timed.lookup({ pan, dateOfBirth: dob });
      return performance.now() - started;
    };
    expect(await time('ABCPE1234F')).toBeGreaterThanOrEqual(15);
    expect(await time('ABCPE9999F')).toBeGreaterThanOrEqual(110);
  });

  it('maskPan keeps two leading characters and the last', () => {
    expect(maskPan('ABCPE1234F')).toBe('AB*******F');
  });
});
