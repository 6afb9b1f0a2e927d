import { describe, expect, it } from 'vitest';
import { ProviderSettingsError, chooseProviders } from '../../../../server/providers/choose-providers';

/** Identity's vendor from the environment: the DIGIO_* variables of the README, as before the registry. */

const digio = {
  DIGIO_CLIENT_ID: 'client',
  DIGIO_CLIENT_SECRET: 'secret',
  DIGIO_KYC_TEMPLATE: 'K',
  DIGIO_SELFIE_TEMPLATE: 'S',
  DIGIO_ESIGN_TEMPLATES: 'kra_form=T1',
};

const problems = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ProviderSettingsError) return error.problems;
    throw error;
  }
  return [];
};

describe('choosing identity', () => {
  it("nothing set: Digio's simulator outside production", () => {
    expect(chooseProviders({}, false).identity).toMatchObject({ mode: 'simulator', vendor: { vendor: 'digio' } });
  });

  it('DIGIO_CLIENT_ID chooses Digio, live, with its defaults applied (IDENTITY_VENDOR=digio does the same)', () => {
    for (const env of [digio, { ...digio, IDENTITY_VENDOR: 'digio' }]) {
      const choice = chooseProviders(env, false).identity;
      expect(choice).toMatchObject({ mode: 'live', vendor: { vendor: 'digio' }, settings: { DIGIO_BASE_URL: 'https://api.digio.in', DIGIO_CLIENT_ID: 'client' } });
    }
  });

  it('DIGIO_CLIENT_ID without the rest: the start stops, naming what is missing', () => {
    expect(problems(() => chooseProviders({ DIGIO_CLIENT_ID: 'client' }, false)).join('\n')).toMatch(/DIGIO_CLIENT_SECRET, DIGIO_KYC_TEMPLATE, DIGIO_SELFIE_TEMPLATE, DIGIO_ESIGN_TEMPLATES/);
  });

  it('production with no Digio: the start stops, naming its variables', () => {
    expect(problems(() => chooseProviders({}, true)).join('\n')).toMatch(/Identity \(KYC, selfie, eSign\): production needs a vendor: IDENTITY_VENDOR=digio \(DIGIO_CLIENT_ID/);
  });

  it('a DIGIO_* variable without DIGIO_CLIENT_ID does nothing silently: the start stops', () => {
    expect(problems(() => chooseProviders({ DIGIO_WEBHOOK_SECRET: 'w' }, false)).join('\n')).toMatch(/DIGIO_WEBHOOK_SECRET is set but IDENTITY_VENDOR is not digio/);
  });
});
