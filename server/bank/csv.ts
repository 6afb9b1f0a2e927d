/** Characters that end an unquoted field. */
const delimiters = /[,\r\n]/g;

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. Yields one array of
 * fields per record; a blank line is skipped. Small and dependency-free: the branch files are data we
 * ship or an operator imports, not uploads. Fields are sliced, not built a character at a time.
 */
export function* parseCsv(text: string): Generator<string[]> {
  const end = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let record: string[] = [];
  while (i < end) {
    let field: string;
    if (text[i] === '"') {
      field = '';
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          field += text.slice(i);
          i = end;
          break;
        }
        field += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      // Anything between the closing quote and the delimiter is kept, as lenient readers do.
      delimiters.lastIndex = i;
      const stop = delimiters.exec(text)?.index ?? end;
      field += text.slice(i, stop);
      i = stop;
    } else {
      delimiters.lastIndex = i;
      const stop = delimiters.exec(text)?.index ?? end;
      field = text.slice(i, stop);
      i = stop;
    }
    record.push(field);
    const delimiter = text[i];
    if (delimiter === ',') {
      i += 1;
      if (i === end) record.push('');
      continue;
    }
    // End of line or of text.
    i += delimiter === '\r' && text[i + 1] === '\n' ? 2 : 1;
    if (record.length > 1 || record[0] !== '') yield record;
    record = [];
  }
  if (record.length > 0) yield record;
}

/** One field for a CSV line: quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
