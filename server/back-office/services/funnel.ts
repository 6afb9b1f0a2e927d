import type { OpsFunnel } from '../../../core/api/types';
import type { AppContext } from '../../context';
import type { Period } from '../../analytics/repository';
import { ApiError } from '../../errors';
import type { MessageIndex } from './message-index';

const day = 24 * 3_600_000;
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

type TopErrors = OpsFunnel['steps'][number]['topErrors'];

/** A step's errors, one row per message whatever language showed it: the default language's words, then the others'. */
export function errorsByMessage(errors: TopErrors, messages: MessageIndex): TopErrors {
  const counts = new Map<string, number>();
  for (const { message, count } of errors) {
    const canonical = messages.canonical(message);
    counts.set(canonical, (counts.get(canonical) ?? 0) + count);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([message, count]) => ({ message, count, translations: messages.translations(message) }));
}

/** The funnel of the period the query asks for (server/analytics/funnel.ts reads it), each error counted once. */
export async function funnel(ctx: AppContext, messages: MessageIndex, query: FunnelQuery): Promise<OpsFunnel> {
  const report = await ctx.analytics.funnel(funnelPeriod(query, ctx.clock()));
  return { ...report, steps: report.steps.map((step) => ({ ...step, topErrors: errorsByMessage(step.topErrors, messages) })) };
}
