import { inflateSync } from 'node:zlib';
import { type PdfDict, type PdfValue, isDict, nameOf, unsure } from './pdf-syntax';

/** The filters a PDF's cross-reference and object streams use, undone; the rest is left to pdf.js. */

/** Cross-reference and object streams of real statements are kilobytes; more is left to pdf.js (a bomb, say). */
const maxDecodedBytes = 4 * 1024 * 1024;

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** PNG predictors (10-15) over rows of `columns` one-byte samples, as xref and object streams use them. */
function unpredict(data: Buffer, columns: number): Buffer {
  const row = columns + 1;
  if (data.length % row !== 0) unsure('predicted data does not fill its rows');
  const out = Buffer.alloc((data.length / row) * columns);
  for (let r = 0; r * row < data.length; r += 1) {
    const type = data[r * row]!;
    for (let c = 0; c < columns; c += 1) {
      const raw = data[r * row + 1 + c]!;
      const left = c > 0 ? out[r * columns + c - 1]! : 0;
      const up = r > 0 ? out[(r - 1) * columns + c]! : 0;
      const upLeft = r > 0 && c > 0 ? out[(r - 1) * columns + c - 1]! : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][type];
      if (predicted === undefined) unsure('unknown PNG predictor');
      out[r * columns + c] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** A stream's data with its filters undone: FlateDecode and PNG predictors only, anything else is PdfUnsure. */
export function decodeStream(dict: PdfDict, raw: Uint8Array, resolve: (value: PdfValue | undefined) => PdfValue | undefined): Buffer {
  const filters = asArray(dict.get('Filter')).map((filter) => nameOf(filter));
  const params = asArray(dict.get('DecodeParms'));
  let data: Buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  filters.forEach((filter, i) => {
    if (filter !== 'FlateDecode' && filter !== 'Fl') unsure(`filter ${filter ?? '?'} is left to pdf.js`);
    data = inflateSync(data, { maxOutputLength: maxDecodedBytes });
    const param = resolve(params[i]);
    const setting = (key: string, fallback: number) => {
      const value = isDict(param) ? param.get(key) : undefined;
      return typeof value === 'number' ? value : fallback;
    };
    const predictor = setting('Predictor', 1);
    if (predictor > 1 && (predictor < 10 || setting('Colors', 1) !== 1 || setting('BitsPerComponent', 8) !== 8)) unsure('predictor left to pdf.js');
    if (predictor >= 10) data = unpredict(data, setting('Columns', 1));
  });
  return data;
}
