export type FormatValues = Record<string, string | number>;

/**
 * Numbers read the Indian way in every language (₹1,00,000), grouped from five digits so a year or a count of
 * pages stays as written (2026). Latin digits: what Hindi-reading investors see on their statements too.
 */
const indianNumber = new Intl.NumberFormat('en-IN', { useGrouping: 'min2', maximumFractionDigits: 20 });

/** Fills '{name}' placeholders; unknown placeholders stay visible so a copy mistake is easy to spot. */
export function format(template: string, values: FormatValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in values)) return whole;
    const value = values[key];
    return typeof value === 'number' ? indianNumber.format(value) : String(value);
  });
}
