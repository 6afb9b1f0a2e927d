export type FormatValues = Record<string, string | number>;

/** Fills '{name}' placeholders; unknown placeholders stay visible so a copy mistake is easy to spot. */
export function format(template: string, values: FormatValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
