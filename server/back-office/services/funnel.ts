import type { OpsFunnel } from '../../../core/api/types';
import type { AppContext } from '../../context';
import { type Period, errorCounts, funnelCounts, medianCompletionMs } from '../../analytics/repository';
import { ApiError } from '../../errors';
import { day } from '../../analytics/service';

export const topErrorCount = 5;
export const defaultPeriodDays = 30;

export interface FunnelQuery {
  from?: string;
  to?: string;
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A date (whole UTC day) or an ISO 8601 time; `end` makes a date mean the end of that day. */
function parseTime(name: string, value: string, end: boolean): number {
  const at = Date.parse(dateOnly.test(value) ? `${value}T00:00:00Z` : value);
  if (!Number.isFinite(at)) throw new ApiError(400, 'backOffice.dateInvalid', { name });
  return end && dateOnly.test(value) ? at + day : at;
}

/** The period asked for: `to` defaults to now, `from` to 30 days before `to`. */
export function funnelPeriod(query: FunnelQuery, now: number): Period {
  const to = query.to ? parseTime('to', query.to, true) : now;
  const from = query.from ? parseTime('from', query.from, false) : to - defaultPeriodDays * day;
  if (from >= to) throw new ApiError(400, 'backOffice.rangeInvalid');
  return { from, to };
}

/**
 * Where applicants stop, per journey step in flow order: how many signed-in applicants reached the step in the period,
 * how many of them completed it, the drop-off between, the median time to complete, and the errors shown there most.
 */
export async function funnel(ctx: AppContext, query: FunnelQuery): Promise<OpsFunnel> {
  const period = funnelPeriod(query, ctx.clock());
  const [counts, errors] = await Promise.all([funnelCounts(ctx.db, period), errorCounts(ctx.db, period)]);
  const steps = await Promise.all(
    ctx.flow.steps
      .filter((step) => step.journey)
      .map(async (step) => {
        const count = counts.find((row) => row.step === step.id) ?? { reached: 0, completed: 0 };
        const median = await medianCompletionMs(ctx.db, period, step.id, count.completed);
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
