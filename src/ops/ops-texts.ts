import opsConfig from '@flow-config/ops.json';
import type { OpsConfig } from '../../core/api/generated/schema-types';
import { type FormatValues, format } from '../text/format';

/** flow-config/ops.json: every text of the console, the queue's statuses and the reason templates. */
export const ops = opsConfig as OpsConfig;

export type OpsTextKey = keyof OpsConfig['texts'];

/** A console text with its {placeholders} filled in. */
export function t(key: OpsTextKey, values?: FormatValues): string {
  return format(ops.texts[key], values);
}

/** A keyed family of texts ('role.auditor', 'action.approve'); the key itself when config has none. */
export function tOf(prefix: string, key: string): string {
  return (ops.texts as Record<string, string>)[`${prefix}.${key}`] ?? key;
}
