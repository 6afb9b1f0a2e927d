import type { FlowConfig, StepId } from './flow-types';
import { isAfterJourney } from './flow';

export interface Progress {
  /** Journey steps behind the applicant. */
  done: number;
  total: number;
  percent: number;
  /** Index into config.progress.groups of the group the next step belongs to, or -1. */
  groupIndex: number;
  groupLabel: string | undefined;
}

/**
 * The one count of the application, shown alike by the top bar, the Resume screen ('N of M steps') and anything else:
 * the journey steps the applicant does (flow.json `"journey": true`, 14 by default), those behind them over all of
 * them. Submitted (a status past the journey), every step is done, 100 %, except the steps the back office sent
 * back (`rejected`), which count as not done until fixed. The status after the journey is no step of the applicant's.
 */
export function progress(config: FlowConfig, nextStep: StepId | null | undefined, rejected: Iterable<StepId> = []): Progress {
  const order = config.steps.filter((step) => step.journey).map((step) => step.id);
  const total = order.length;
  const pending = new Set([...rejected].filter((step) => order.includes(step)));
  const submitted = isAfterJourney(config, nextStep);
  const done = submitted ? total - pending.size : nextStep ? order.indexOf(nextStep) : 0;
  const groupIndex = nextStep ? config.progress.groups.findIndex((group) => group.steps.includes(nextStep)) : -1;
  return {
    done,
    total,
    percent: total === 0 ? 0 : Math.round((done / total) * 100),
    groupIndex,
    groupLabel: config.progress.groups[groupIndex]?.label,
  };
}
