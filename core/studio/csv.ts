/**
 * Pure: CSV as spreadsheets read and write it (RFC 4180: fields quoted when they hold a comma, a quote or a line
 * break; quotes doubled), for the studio's files for translators.
 */

const needsQuotes = /[",\r\n]/;

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((field) => (needsQuotes.test(field) ? `"${field.replaceAll('"', '""')}"` : field)).join(',')).join('\r\n') + '\r\n';
}

/** The rows of `text`; undefined when a quoted field never ends. A byte-order mark and blank lines are ignored. */
export function parseCsv(text: string): string[][] | undefined {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else field += char;
  }
  if (quoted) return undefined;
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
