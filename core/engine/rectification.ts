import { indianToday } from './calendar-date';
import type { FlowConfig } from './flow-types';
import { rectificationDays } from './settings';

/** Pure: the rectification deadline after a reject (flow.json review.rectificationDays and review.rectification). */

export const dayMs = 86_400_000;

/** When what a reject at `openedAt` sent back must be fixed by (ms), for an applicant of that KRA status. */
export function deadlineAfter(flow: Pick<FlowConfig, 'review'>, openedAt: number, kraStatus?: string | null): number {
  return openedAt + rectificationDays(flow, kraStatus) * dayMs;
}

/** How many of the reminders (review.rectification.reminderDays) are due at `now` for a reject at `openedAt`. */
export function remindersDue(flow: Pick<FlowConfig, 'review'>, openedAt: number, now: number): number {
  return (flow.review.rectification?.reminderDays ?? []).filter((day) => openedAt + day * dayMs <= now).length;
}

/** The Indian calendar day of `ms`, as YYYY-MM-DD. */
export function indianDate(ms: number): string {
  const { year, month, day } = indianToday(ms);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD shown as the spec's date format, DD/MM/YYYY. */
export function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}
