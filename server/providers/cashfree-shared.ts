import type { Http } from './http';
import { optionsFrom, settingsFor, settingVariables } from './setting-names';
import type { Capability, HttpSimulator, VendorDefinition, VendorSettings } from './vendor';

/**
 * What Cashfree's two vendor folders share (penny-drop/cashfree: bank account verification; upi-rpd/cashfree: reverse
 * penny drop): one account's variables, the simulators' credentials, the name-match grading.
 */

export interface CashfreeSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The variable each setting is read from; CASHFREE_BASE_URL is the host, the clients add /verification/... as the docs' servers do. */
const { names, variables: cashfreeVariables } = settingVariables<keyof CashfreeSettings>({
  baseUrl: { name: 'CASHFREE_BASE_URL', default: 'https://api.cashfree.com', required: true, meaning: 'Cashfree host: https://api.cashfree.com, or https://sandbox.cashfree.com for its test environment' },
  clientId: { name: 'CASHFREE_CLIENT_ID', required: true, meaning: 'Secure ID (Verification Suite) client id, from the Merchant Dashboard' },
  clientSecret: { name: 'CASHFREE_CLIENT_SECRET', required: true, secret: true, meaning: 'Its client secret; also the key Cashfree signs webhooks with' },
});

/** The credentials the simulators accept: one Cashfree account, one key pair, as a broker's would be. */
export const cashfreeSimulatorCredentials = { clientId: 'cashfree-sim-client', clientSecret: 'cashfree-sim-secret' };

/** The settings that point a Cashfree client at a simulator listening at `baseUrl`. */
export const cashfreeSimulatorSettings = (baseUrl: string): VendorSettings => settingsFor(names, { baseUrl, ...cashfreeSimulatorCredentials });

/** What one Cashfree product adds to the account's variables and simulator settings. */
export interface CashfreeProduct<Client, Controls> {
  capability: Capability;
  vendor: string;
  title: string;
  docs: string[];
  create(settings: CashfreeSettings, http: Http): Client;
  routes: HttpSimulator<Controls>['routes'];
  controls?: HttpSimulator<Controls>['controls'];
}

/** A Cashfree product as a vendor of its capability: one account's variables, one simulator's credentials. */
export function cashfreeVendor<Client, Controls = never>({ create, routes, controls, ...product }: CashfreeProduct<Client, Controls>): VendorDefinition<Client, Controls> {
  return {
    ...product,
    variables: cashfreeVariables,
    create: (settings, deps) => create(optionsFrom(names, settings), deps.http),
    simulator: { routes, settings: cashfreeSimulatorSettings, ...(controls ? { controls } : {}) },
  };
}

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
