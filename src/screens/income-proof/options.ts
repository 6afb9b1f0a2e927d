import type { FormSpec } from '../../../core/engine/config-types';

export type IncomeChoice = 'pennyDrop' | 'manual';
export const incomeChoices: readonly IncomeChoice[] = ['pennyDrop', 'manual'];

/** The incomeProof screen's `options` (checked by core/catalog/screen-options/income-proof.schema.json in npm run check:config). */
export interface IncomeProofOptions {
  form: FormSpec;
  defaultChoice?: IncomeChoice;
}

export function readIncomeProofOptions(options: Record<string, unknown> | undefined, where: string): IncomeProofOptions {
  const form = options?.form as Partial<FormSpec> | undefined;
  if (!options || typeof form?.schema !== 'string' || typeof form.effect !== 'string') {
    throw new Error(`${where}: options need form (with schema and effect) (run npm run check:config)`);
  }
  return options as unknown as IncomeProofOptions;
}

/** Where the aggregator's consent id waits while the browser is away, should the callback come back without it. */
export const CONSENT_STORAGE_KEY = 'incomeProof:consentId';
