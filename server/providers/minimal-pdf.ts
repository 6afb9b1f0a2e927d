/** Characters per line before a line wraps, for Helvetica at 10 pt on a 595 pt page. */
const wrapAt = 96;

function wrapped(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > wrapAt) {
    const cut = rest.lastIndexOf(' ', wrapAt) > 0 ? rest.lastIndexOf(' ', wrapAt) : wrapAt;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  out.push(rest);
  return out;
}

/**
 * A valid one-page PDF with lines of text (long ones wrapped): what sandbox providers hand out as a "signed" file,
 * with what was signed printed on it. Text outside printable ASCII shows as '?'.
 */
export function minimalPdf(text: string | readonly string[]): Uint8Array {
  const lines = (typeof text === 'string' ? [text] : text).flatMap(wrapped).map((line) => line.replace(/[^ -~]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`));
  const height = Math.max(144, 48 + lines.length * 14);
  const content = `BT /F1 10 Tf 14 TL 24 ${height - 36} Td ${lines.map((line) => `(${line}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
