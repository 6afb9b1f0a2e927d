/**
 * The step the income-proof routes complete. One place, outside server/routes, so the lead can
 * swap in the step binding declared in flow-config; the routes take this as a parameter.
 */
export const incomeProofStepId = 'income_proof';
