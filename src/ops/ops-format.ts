import { findStep } from '../../core/engine/flow';
import type { FlowConfig } from '../../core/engine/flow-types';
import { t } from './ops-texts';
import { reviewerTime } from '../../core/engine/reviewer-time';

/** Display helpers of the console: people read times, sizes and step titles, not ISO strings and ids. */

/** '15/01/2026, 15:30 IST': the reviewer's day and clock, whatever the browser's zone. */
export function when(iso: string): string {
  return reviewerTime(iso);
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Paise as rupees in Indian grouping: ₹1,05,233. */
export function rupees(paise: number): string {
  return inr.format(Math.round(paise / 100));
}

export function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const fileTypes: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'text/plain': 'Text file',
};

/** A file's type as people name it ('PDF', 'JPEG image'), not its MIME type. */
export function fileType(contentType: string): string {
  return fileTypes[contentType] ?? contentType;
}

export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  return seconds < 120 ? t('seconds', { value: seconds }) : t('minutes', { value: Math.round(seconds / 60) });
}

/** How long an application has waited: '2 d 5 h', '3 h 20 min', '12 min'. */
export function waiting(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return t('waitingDays', { days, hours: hours % 24 });
  if (hours > 0) return t('waitingHours', { hours, minutes: minutes % 60 });
  return t('waitingMinutes', { minutes });
}

/** flow.json's title of a step (or status); its id when the flow no longer has it. */
export function stepTitle(flow: FlowConfig, id: string | null): string {
  if (id === null) return '–';
  return findStep(flow, id)?.title ?? id;
}
