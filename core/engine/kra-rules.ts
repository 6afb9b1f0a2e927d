import type { FlowConfig, StepId } from './flow-types.ts';
import { journey } from './flow.ts';

/**
 * Pure: what the KRA's answer does to the PAN step, by config (flow.json `kra`). The KRA status is ours
 * (server/providers/kra/kra.ts); `unavailable` is never configured: the KRA could not answer, so the applicant is asked
 * to try again (503), whatever the config.
 */

export type ConfiguredKraStatus = 'validated' | 'registered' | 'on_hold' | 'rejected' | 'not_found';
export const configuredKraStatuses: readonly ConfiguredKraStatus[] = ['validated', 'registered', 'on_hold', 'rejected', 'not_found'];

/**
 * - confirm: the KRA's record (name, date of birth, address) is shown for the applicant to confirm (no retyping);
 * - continue: the PAN is confirmed at once with the KRA's name;
 * - freshKyc: the PAN is confirmed and the applicant's KYC is done afresh (the DigiLocker KYC step), the KRA's record
 *   not reused;
 * - refuse: 400 with `message` (a code of messages.json; {reason} is the KRA's reason).
 */
export type KraOutcome = 'confirm' | 'continue' | 'freshKyc' | 'refuse';

export interface KraRule {
  outcome: KraOutcome;
  /** refuse: the refusal's text. */
  message?: string;
  /** Steps of the journey right after the PAN step that this status makes unnecessary: completed for the applicant. */
  skips?: StepId[];
}

export type KraRules = Partial<Record<ConfiguredKraStatus, KraRule>>;

/** With no `kra` in flow.json: every record is reused as today, a PAN without one is refused. */
const defaults: Record<ConfiguredKraStatus, KraRule> = {
  validated: { outcome: 'continue' },
  registered: { outcome: 'continue' },
  on_hold: { outcome: 'refuse', message: 'pan.kraOnHold' },
  rejected: { outcome: 'freshKyc' },
  not_found: { outcome: 'refuse', message: 'pan.notInKra' },
};

export function kraRule(flow: Pick<FlowConfig, 'kra'>, status: ConfiguredKraStatus): KraRule {
  return flow.kra?.[status] ?? defaults[status];
}

/** Message codes the rules refuse with (they need texts). */
export function kraRuleMessages(flow: Pick<FlowConfig, 'kra'>): string[] {
  return configuredKraStatuses.map((status) => kraRule(flow, status).message).filter((message): message is string => message !== undefined);
}

/** What keeps the rules from working: a refusal without its text, a text on no refusal, a skip that is not a later journey step. */
export function kraRuleProblems(flow: FlowConfig, panStep: StepId): string[] {
  const problems: string[] = [];
  const steps = journey(flow);
  const after = steps.slice(steps.indexOf(panStep) + 1);
  for (const status of configuredKraStatuses) {
    const rule = kraRule(flow, status);
    const where = `flow-config/flow.json: kra.${status}`;
    if (rule.outcome === 'refuse' && !rule.message) problems.push(`${where}: a refusal needs its message`);
    if (rule.outcome !== 'refuse' && rule.message) problems.push(`${where}: only a refusal has a message`);
    if (rule.outcome === 'refuse' && rule.skips?.length) problems.push(`${where}: a refusal skips no step`);
    for (const [index, step] of (rule.skips ?? []).entries()) {
      if (after[index] !== step) problems.push(`${where}.skips/${index}: '${step}' is not the journey step ${index + 1} after ${panStep} (${after[index] ?? 'none'})`);
    }
  }
  return problems;
}
