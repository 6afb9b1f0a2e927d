import type { Kysely } from 'kysely';
import type { OpsFunnel } from '../../core/api/types';
import type { ClientEvent } from '../../core/engine/analytics-events';
import { stepOfRoute } from '../../core/engine/step-api';
import type { FlowConfig, StepId } from '../../core/engine/flow-types';
import { type NewAnalyticsEvent, type Period, deleteAnalyticsEventsBefore, insertAnalyticsEvents } from './repository';
import { funnelReport } from './funnel';
import type { Database } from '../db/schema';
import { hmac } from '../platform/secrets';

const day = 24 * 3_600_000;
export const defaultRetentionDays = 90;
/** How often the events past their retention are swept while the server runs. */
const sweepEveryMs = 6 * 3_600_000;

/**
 * First-party funnel events. The applicant is never named: `subject` is a keyed hash of their id, the same for all
 * their events (so the funnel counts people, not clicks) and useless without the server's secret.
 */
export interface Analytics {
  /** The server's own record: `completed` done and `reached` next (either may be null). Best effort. */
  stepMoved(userId: string, completed: StepId | null, reached: StepId | null): Promise<void>;
  /** Events from the app, already checked against the strict schema; `userId` when the caller is signed in. */
  recordClient(events: readonly ClientEvent[], userId: string | null): Promise<void>;
  /** Deletes events past the retention; returns how many. */
  sweep(): Promise<number>;
  /** Where applicants stopped in `period`, per journey step in flow order (the back office's funnel). */
  funnel(period: Period): Promise<OpsFunnel>;
}

export interface AnalyticsDeps {
  db: Kysely<Database>;
  flow: FlowConfig;
  clock: () => number;
  secret: string;
  retentionDays: number;
}

export function createAnalytics({ db, flow, clock, secret, retentionDays }: AnalyticsDeps): Analytics {
  const subjectOf = (userId: string) => hmac(secret, `analytics:${userId}`).slice(0, 32);
  const event = (type: string, step: string | null, subject: string | null, extra: Partial<NewAnalyticsEvent> = {}): NewAnalyticsEvent => ({
    type,
    step,
    route: null,
    subject,
    outcome: null,
    message: null,
    at: clock(),
    ...extra,
  });

  return {
    async stepMoved(userId, completed, reached) {
      const subject = subjectOf(userId);
      const events = [
        ...(completed ? [event('step_completed', completed, subject)] : []),
        ...(reached ? [event('step_reached', reached, subject)] : []),
      ];
      // Analytics never stops an applicant: a failed write loses the event, not the step.
      await insertAnalyticsEvents(db, events).catch(() => undefined);
    },

    async recordClient(events, userId) {
      const subject = userId ? subjectOf(userId) : null;
      await insertAnalyticsEvents(
        db,
        events.map((item) =>
          event(item.type, stepOfRoute(flow, item.route)?.id ?? null, subject, {
            route: item.route,
            message: item.message ?? null,
            outcome: item.method && item.outcome ? `${item.method}:${item.outcome}` : null,
          }),
        ),
      );
    },

    sweep: () => deleteAnalyticsEventsBefore(db, clock() - retentionDays * day),

    funnel: (period) => funnelReport(db, flow, period),
  };
}

/** Sweeps the events past their retention now (a failure stops start-up) and every 6 hours; returns how to stop. */
export async function startEventSweep(analytics: Analytics, log: { warn(details: object, message: string): void }): Promise<() => void> {
  await analytics.sweep();
  const sweeping = setInterval(() => void analytics.sweep().catch((error: unknown) => log.warn({ err: error }, 'event sweep failed')), sweepEveryMs);
  sweeping.unref();
  return () => clearInterval(sweeping);
}
