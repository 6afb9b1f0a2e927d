import type { VendorSettings, VendorVariable } from './vendor';

/**
 * What Cashfree's two vendor folders share (penny-drop/cashfree: bank account verification; upi-rpd/cashfree: reverse
 * penny drop): one account's variables, the simulators' credentials, the name-match grading.
 */

/** CASHFREE_BASE_URL is the host; the clients add /verification/... as the docs' servers do. */
export const cashfreeVariables: VendorVariable[] = [
  { name: 'CASHFREE_BASE_URL', default: 'https://api.cashfree.com', required: true, meaning: 'Cashfree host: https://api.cashfree.com, or https://sandbox.cashfree.com for its test environment' },
  { name: 'CASHFREE_CLIENT_ID', required: true, meaning: 'Secure ID (Verification Suite) client id, from the Merchant Dashboard' },
  { name: 'CASHFREE_CLIENT_SECRET', required: true, secret: true, meaning: 'Its client secret; also the key Cashfree signs webhooks with' },
];

export interface CashfreeSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export const cashfreeSettingsOf = (settings: VendorSettings): CashfreeSettings => ({
  baseUrl: settings.CASHFREE_BASE_URL ?? '',
  clientId: settings.CASHFREE_CLIENT_ID ?? '',
  clientSecret: settings.CASHFREE_CLIENT_SECRET ?? '',
});

/** The credentials the simulators accept: one Cashfree account, one key pair, as a broker's would be. */
export const cashfreeSimulatorCredentials = { clientId: 'cashfree-sim-client', clientSecret: 'cashfree-sim-secret' };

/** The settings that point a Cashfree client at a simulator listening at `baseUrl`. */
export const cashfreeSimulatorSettings = (baseUrl: string): VendorSettings => ({
  CASHFREE_BASE_URL: baseUrl,
  CASHFREE_CLIENT_ID: cashfreeSimulatorCredentials.clientId,
  CASHFREE_CLIENT_SECRET: cashfreeSimulatorCredentials.clientSecret,
});

/**
 * Cashfree's name-match grades (…/vrs/data-to-test-integration: 100 DIRECT_MATCH, 85 GOOD_PARTIAL_MATCH, 70
 * MODERATE_PARTIAL_MATCH, 38 POOR_PARTIAL_MATCH; NO_MATCH), simulated by the share of name parts the two names have in
 * common. Cashfree's own scoring is not published.
 */
export function cashfreeNameGrade(given: string, atBank: string): { name_match_score: string; name_match_result: string } {
  const parts = (name: string) => name.toUpperCase().split(/[^A-Z]+/).filter(Boolean);
  const a = parts(given);
  const b = parts(atBank);
  if (a.length > 0 && a.join(' ') === b.join(' ')) return { name_match_score: '100.00', name_match_result: 'DIRECT_MATCH' };
  const shared = a.length === 0 || b.length === 0 ? 0 : a.filter((part) => b.includes(part)).length / Math.max(a.length, b.length);
  if (shared >= 0.75) return { name_match_score: '85.00', name_match_result: 'GOOD_PARTIAL_MATCH' };
  if (shared >= 0.5) return { name_match_score: '70.00', name_match_result: 'MODERATE_PARTIAL_MATCH' };
  return shared > 0 ? { name_match_score: '38.00', name_match_result: 'POOR_PARTIAL_MATCH' } : { name_match_score: '0.00', name_match_result: 'NO_MATCH' };
}
