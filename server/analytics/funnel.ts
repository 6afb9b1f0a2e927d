import type { Kysely } from 'kysely';
import type { OpsFunnel } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { Database } from '../db/schema';
import { type Period, errorCounts, funnelCounts, medianCompletionMs } from './repository';

/** How many of a step's errors the funnel names, most frequent first. */
const topErrorCount = 5;

/**
 * Where applicants stop, per journey step in flow order: how many signed-in applicants reached the step in the period,
 * how many of them completed it, the drop-off between, the median time to complete, and the errors shown there most.
 */
export async function funnelReport(db: Kysely<Database>, flow: FlowConfig, period: Period): Promise<OpsFunnel> {
  const [counts, errors] = await Promise.all([funnelCounts(db, period), errorCounts(db, period)]);
  const steps = await Promise.all(
    flow.steps
      .filter((step) => step.journey)
      .map(async (step) => {
        const count = counts.find((row) => row.step === step.id) ?? { reached: 0, completed: 0 };
        const median = await medianCompletionMs(db, period, step.id, count.completed);
        return {
          step: step.id,
          reached: count.reached,
          completed: count.completed,
          dropOff: count.reached - count.completed,
          medianSeconds: median === null ? null : Math.round(median / 1000),
          topErrors: errors
            .filter((row) => row.step === step.id)
            .slice(0, topErrorCount)
            .map(({ message, count: times }) => ({ message, count: times })),
        };
      }),
  );
  return { from: new Date(period.from).toISOString(), to: new Date(period.to).toISOString(), steps };
}
