export type FormatValues = Record<string, string | number>;

let exoticNumbers: Intl.NumberFormat | undefined;

/**
 * Numbers read the Indian way in every language (₹1,00,000), grouped from five digits so a year or a count of
 * pages stays as written (2026). Latin digits: what Hindi-reading investors see on their statements too.
 * Written out rather than asked of Intl.NumberFormat('en-IN'): creating that formatter loads ICU's data, 30-40 ms
 * on a phone's first page (measured in Chromium at 4× CPU), to group a few digits. A number JavaScript writes with
 * an exponent (1e21, 1e-7) still goes to Intl, which writes every digit.
 */
function indianNumber(value: number): string {
  const written = String(Math.abs(value));
  if (!Number.isFinite(value) || written.includes('e')) {
    exoticNumbers ??= new Intl.NumberFormat('en-IN', { useGrouping: 'min2', maximumFractionDigits: 20 });
    return exoticNumbers.format(value);
  }
  const [whole = '', fraction] = written.split('.');
  let grouped = whole;
  if (whole.length >= 5) {
    const head = whole.slice(0, -3);
    grouped = `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  }
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Fills '{name}' placeholders; unknown placeholders stay visible so a copy mistake is easy to spot. */
export function format(template: string, values: FormatValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in values)) return whole;
    const value = values[key];
    return typeof value === 'number' ? indianNumber(value) : String(value);
  });
}
