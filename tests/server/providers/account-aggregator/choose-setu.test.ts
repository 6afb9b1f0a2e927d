import { describe, expect, it } from 'vitest';
import { ProviderSettingsError, chooseProviders } from '../../../../server/providers/choose-providers';

/** AA_VENDOR=setu and its variables, as a broker sets them (README: account aggregator). */

function problems(env: Record<string, string>, production: boolean): string[] {
  try {
    chooseProviders(env, production);
    return [];
  } catch (error) {
    if (error instanceof ProviderSettingsError) return error.problems.filter((problem) => /AA_|SETU_AA|SETU_AUTH|Account aggregator/.test(problem));
    throw error;
  }
}

const credentials = { SETU_AA_CLIENT_ID: 'c', SETU_AA_CLIENT_SECRET: 's', SETU_AA_PRODUCT_INSTANCE_ID: 'p' };

describe('choosing the account aggregator', () => {
  it('nothing set, outside production: the Setu simulator', () => {
    expect(chooseProviders({}, false)['account-aggregator']).toMatchObject({ mode: 'simulator', vendor: { vendor: 'setu' } });
  });

  it('AA_VENDOR=setu with its credentials: live, at Setu’s documented production hosts unless told otherwise', () => {
    expect(chooseProviders({ AA_VENDOR: 'setu', ...credentials }, false)['account-aggregator']).toMatchObject({
      mode: 'live',
      settings: { SETU_AA_BASE_URL: 'https://fiu.setu.co', SETU_AUTH_URL: 'https://orgservice-prod.setu.co', ...credentials },
    });
    expect(chooseProviders({ AA_VENDOR: 'setu', SETU_AA_BASE_URL: 'https://fiu-sandbox.setu.co', ...credentials }, false)['account-aggregator']).toMatchObject({
      mode: 'live',
      settings: { SETU_AA_BASE_URL: 'https://fiu-sandbox.setu.co' },
    });
  });

  it.each<[string, Record<string, string>, boolean, string[]]>([
    ['production with nothing set', {}, true, ['Account aggregator (income proof): production needs a vendor: AA_VENDOR=setu (SETU_AA_CLIENT_ID, SETU_AA_CLIENT_SECRET, SETU_AA_PRODUCT_INSTANCE_ID)']],
    ['AA_VENDOR=setu without credentials', { AA_VENDOR: 'setu' }, false, ['AA_VENDOR=setu needs SETU_AA_CLIENT_ID, SETU_AA_CLIENT_SECRET, SETU_AA_PRODUCT_INSTANCE_ID']],
    ['the old AA_BASE_URL', { AA_BASE_URL: 'https://fiu.example' }, false, ['AA_BASE_URL is no longer read: Account aggregator (income proof) is chosen by AA_VENDOR=setu (SETU_AA_CLIENT_ID, SETU_AA_CLIENT_SECRET, SETU_AA_PRODUCT_INSTANCE_ID)']],
    ['the old AA_REDIRECT_URL (PUBLIC_URL now)', { AA_REDIRECT_URL: 'https://onboard.example/income-proof/callback' }, false, ['AA_REDIRECT_URL is no longer read: Account aggregator (income proof) is chosen by AA_VENDOR=setu (SETU_AA_CLIENT_ID, SETU_AA_CLIENT_SECRET, SETU_AA_PRODUCT_INSTANCE_ID)']],
    ['Setu credentials without AA_VENDOR', { SETU_AA_CLIENT_ID: 'c' }, false, ['SETU_AA_CLIENT_ID is set but AA_VENDOR is not setu: set AA_VENDOR=setu to use it, or unset it']],
  ])('%s: the start stops, naming what to set', (_label, env, production, expected) => {
    expect(problems(env, production)).toEqual(expected);
  });
});
