import { type FormatValues, format } from '../../core/engine/format';

export { type FormatValues, format };

/** Copy lookup: a missing key shows as '[key]' instead of an empty gap. */
export function text(copy: Record<string, string>, key: string, values?: FormatValues): string {
  const template = copy[key];
  return template === undefined ? `[${key}]` : format(template, values);
}
