import type { FlowConfig, StepId } from './flow-types';
import { journey } from './flow';

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
 * Progress over the journey (13 applicant steps plus the status after it: 14 by default),
 * as position/total rounded to a percent. Steps past the journey count as done.
 */
export function progress(config: FlowConfig, nextStep: StepId | null | undefined): Progress {
  const order = journey(config);
  const total = order.length;
  const index = nextStep ? order.indexOf(nextStep) : 0;
  const done = index < 0 ? total : index;
  const groupIndex = nextStep ? config.progress.groups.findIndex((group) => group.steps.includes(nextStep)) : -1;
  return {
    done,
    total,
    percent: Math.round((done / total) * 100),
    groupIndex,
    groupLabel: config.progress.groups[groupIndex]?.label,
  };
}
