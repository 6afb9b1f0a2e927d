import type { ProviderEnv } from '../../server/providers/registry';

/**
 * Production never simulates a vendor: a production-mode test app names a live vendor for every capability that has
 * vendor folders, with credentials no test call uses and addresses nobody answers at (port 9, discard).
 */
export const productionProviderEnv: ProviderEnv = {
  AA_VENDOR: 'setu',
  SETU_AA_BASE_URL: 'http://127.0.0.1:9',
  SETU_AUTH_URL: 'http://127.0.0.1:9',
  SETU_AA_CLIENT_ID: 'production-test-client',
  SETU_AA_CLIENT_SECRET: 'production-test-secret',
  SETU_AA_PRODUCT_INSTANCE_ID: 'production-test-product',
};
