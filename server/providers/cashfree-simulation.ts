/** What Cashfree's simulators share (bank account verification and reverse penny drop): one account, one grading. */

/** The credentials the simulators accept: one Cashfree account, one key pair, as a broker's would be. */
export const cashfreeSimulatorCredentials = { clientId: 'cashfree-sim-client', clientSecret: 'cashfree-sim-secret' };

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
