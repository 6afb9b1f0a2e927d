/**
 * Stands in for @rjsf/utils' getDecimalSeparator, which builds an Intl.NumberFormat for the browser's languages on
 * every render of a number field: the first one loads ICU's data, 50-60 ms of a form page's hydration on a phone
 * (Chromium at 4× CPU). Our forms write a number's decimals with '.' in every declared language (en-IN and hi-IN
 * both do), as core/engine/format.ts writes numbers, whatever the browser's own locale.
 */
export default function getDecimalSeparator(): string {
  return '.';
}
