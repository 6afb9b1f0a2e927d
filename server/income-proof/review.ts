import type { IncomeSummary, OpsIncomeSummary } from '../../core/api/types';
import { apiBindings } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import { incomeProofRoute } from './aggregator-flow';
import { latestIncomeSummary } from './repository';

/** The applicant's newest bank statements' summary from the account aggregator, beside the step it proves. */
export async function incomeSummaryForReview(ctx: AppContext, userId: string): Promise<OpsIncomeSummary | null> {
  const row = await latestIncomeSummary(ctx.db, userId);
  const step = apiBindings(ctx.flow).get(incomeProofRoute)?.step;
  if (!row?.income_summary || !row.consent_id || !step) return null;
  const summary = JSON.parse(row.income_summary) as IncomeSummary;
  return { ...summary, step, consentId: row.consent_id, receivedAt: new Date(Number(row.updated_at)).toISOString() };
}
