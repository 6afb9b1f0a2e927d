import { findStep } from '../../core/engine/flow';
import type { FlowConfig } from '../../core/engine/flow-types';
import { t } from './ops-texts';

/** Display helpers of the console: people read times, sizes and step titles, not ISO strings and ids. */

export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Paise as rupees in Indian grouping: ₹1,05,233. */
export function rupees(paise: number): string {
  return inr.format(Math.round(paise / 100));
}

export function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  return seconds < 120 ? t('seconds', { value: seconds }) : t('minutes', { value: Math.round(seconds / 60) });
}

/** flow.json's title of a step (or status); its id when the flow no longer has it. */
export function stepTitle(flow: FlowConfig, id: string | null): string {
  if (id === null) return '–';
  return findStep(flow, id)?.title ?? id;
}
