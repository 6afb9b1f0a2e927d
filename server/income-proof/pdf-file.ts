import { inflateSync } from 'node:zlib';
import { type PdfDict, PdfLexer, PdfRef, type PdfValue, isDict, nameOf, unsure } from './pdf-syntax';

/**
 * A PDF's objects found through its cross-reference data (tables or streams, every /Prev section, object
 * streams), as ISO 32000-1 §7.5 lays them out. A file whose offsets are wrong is PdfUnsure: pdf.js repairs those.
 */

type Entry = { offset: number } | { stream: number; index: number };

/** Decrypts one stream's bytes (object number and generation pick the key, except with AES-256). */
export type StreamDecrypt = (data: Uint8Array, num: number, gen: number) => Uint8Array;

interface PdfObject {
  value: PdfValue;
  /** Raw (still filtered, maybe encrypted) stream data, when the object is a stream. */
  stream?: Uint8Array;
}

const maxSections = 64;
const maxDecodedBytes = 32 * 1024 * 1024;
const maxResolveDepth = 32;

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

export class PdfFile {
  readonly trailer: PdfDict;
  /** Set once the file is opened with its password: object streams are encrypted like any stream. */
  decrypt: StreamDecrypt | undefined;
  private readonly entries = new Map<number, Entry>();
  private readonly objectStreams = new Map<number, { data: Buffer; offsets: Map<number, number> }>();
  private depth = 0;

  constructor(private readonly bytes: Uint8Array) {
    const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const at = tail.lastIndexOf('startxref', undefined, 'latin1');
    if (at < 0 || at < bytes.length - 4096) unsure('no startxref near the end');
    const lexer = new PdfLexer(bytes, at + 'startxref'.length);
    let offset: number | undefined = lexer.integer();
    let trailer: PdfDict | undefined;
    const seen = new Set<number>();
    while (offset !== undefined) {
      if (seen.has(offset) || seen.size >= maxSections || offset >= bytes.length) unsure('cross-reference chain loops or points outside the file');
      seen.add(offset);
      const section = this.readSection(offset);
      trailer ??= section;
      const hybrid = section.get('XRefStm');
      if (typeof hybrid === 'number' && !seen.has(hybrid)) this.readSection(hybrid);
      const previous = section.get('Prev');
      offset = typeof previous === 'number' ? previous : undefined;
    }
    this.trailer = trailer ?? unsure('no trailer');
  }

  /** The value, with references followed. */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    if (!(value instanceof PdfRef)) return value;
    if (this.depth > maxResolveDepth) unsure('references nest too deeply');
    this.depth += 1;
    try {
      return this.object(value.num).value;
    } finally {
      this.depth -= 1;
    }
  }

  private object(num: number): PdfObject {
    const entry = this.entries.get(num) ?? unsure(`object ${num} is not in the cross-reference data`);
    if ('offset' in entry) return this.objectAt(entry.offset, num);
    const stream = this.objectStream(entry.stream);
    const offset = stream.offsets.get(num) ?? unsure(`object ${num} is not in its object stream`);
    return { value: new PdfLexer(stream.data, offset).value() };
  }

  private objectAt(offset: number, num?: number): PdfObject & { num: number; gen: number } {
    const lexer = new PdfLexer(this.bytes, offset);
    const found = lexer.integer();
    const gen = lexer.integer();
    lexer.expect('obj');
    if (num !== undefined && found !== num) unsure(`object ${num} is not where the cross-reference data says`);
    const value = lexer.value();
    const after = lexer.pos;
    if (lexer.word() !== 'stream' || !isDict(value)) {
      lexer.pos = after;
      return { value, num: found, gen };
    }
    if (this.bytes[lexer.pos] === 0x0d) lexer.pos += 1;
    if (this.bytes[lexer.pos] === 0x0a) lexer.pos += 1;
    const length = this.resolve(value.get('Length'));
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || lexer.pos + length > this.bytes.length) unsure('bad stream length');
    const stream = this.bytes.subarray(lexer.pos, lexer.pos + length);
    lexer.pos += length;
    lexer.expect('endstream');
    return { value, stream, num: found, gen };
  }

  /** A stream's data with its filters undone (FlateDecode and PNG predictors only). */
  private decoded(dict: PdfDict, raw: Uint8Array): Buffer {
    const filters = asArray(dict.get('Filter')).map((filter) => nameOf(filter));
    const params = asArray(dict.get('DecodeParms'));
    let data: Buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
    filters.forEach((filter, i) => {
      if (filter !== 'FlateDecode' && filter !== 'Fl') unsure(`filter ${filter ?? '?'} is left to pdf.js`);
      data = inflateSync(data, { maxOutputLength: maxDecodedBytes });
      const param = this.resolve(params[i]);
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

  /** One section: a table and its trailer, or a cross-reference stream. Earlier entries win (newest first). */
  private readSection(offset: number): PdfDict {
    const lexer = new PdfLexer(this.bytes, offset);
    const start = lexer.pos;
    if (lexer.word() === 'xref') {
      for (let word = lexer.word(); word !== 'trailer'; word = lexer.word()) {
        if (!/^\d+$/.test(word)) unsure('bad cross-reference table');
        const first = Number(word);
        const count = lexer.integer();
        for (let i = 0; i < count; i += 1) {
          const position = lexer.integer();
          lexer.integer();
          const kind = lexer.word();
          if (kind !== 'n' && kind !== 'f') unsure('bad cross-reference entry');
          if (kind === 'n' && !this.entries.has(first + i)) this.entries.set(first + i, { offset: position });
        }
      }
      const trailer = lexer.value();
      return isDict(trailer) ? trailer : unsure('trailer is not a dictionary');
    }
    lexer.pos = start;
    const { value, stream } = this.objectAt(offset);
    if (!isDict(value) || !stream || nameOf(value.get('Type')) !== 'XRef') unsure('startxref points at neither a table nor a stream');
    this.readXrefStream(value, this.decoded(value, stream));
    return value;
  }

  private readXrefStream(dict: PdfDict, data: Buffer): void {
    const widths = dict.get('W');
    if (!Array.isArray(widths) || widths.length !== 3 || !widths.every((w) => typeof w === 'number' && w >= 0 && w <= 8)) unsure('bad /W');
    const [w0, w1, w2] = widths as number[];
    const size = dict.get('Size');
    const index = asArray(dict.get('Index') ?? [0, typeof size === 'number' ? size : 0]) as number[];
    const field = (at: number, width: number) => {
      let value = 0;
      for (let i = 0; i < width; i += 1) value = value * 256 + data[at + i]!;
      return value;
    };
    let at = 0;
    for (let i = 0; i + 1 < index.length; i += 2) {
      for (let num = index[i]!; num < index[i]! + index[i + 1]!; num += 1) {
        if (at + w0! + w1! + w2! > data.length) unsure('cross-reference stream is short');
        const type = w0 ? field(at, w0) : 1;
        const second = field(at + w0!, w1!);
        const third = field(at + w0! + w1!, w2!);
        at += w0! + w1! + w2!;
        if (this.entries.has(num)) continue;
        if (type === 1) this.entries.set(num, { offset: second });
        if (type === 2) this.entries.set(num, { stream: second, index: third });
      }
    }
  }

  private objectStream(num: number): { data: Buffer; offsets: Map<number, number> } {
    const cached = this.objectStreams.get(num);
    if (cached) return cached;
    const entry = this.entries.get(num);
    if (!entry || !('offset' in entry)) unsure('object stream not found');
    const { value, stream, gen } = this.objectAt(entry.offset, num);
    if (!isDict(value) || !stream || nameOf(value.get('Type')) !== 'ObjStm') unsure('not an object stream');
    const data = this.decoded(value, this.decrypt ? this.decrypt(stream, num, gen) : stream);
    const count = value.get('N');
    const first = value.get('First');
    if (typeof count !== 'number' || typeof first !== 'number') unsure('object stream lacks /N or /First');
    const lexer = new PdfLexer(data, 0);
    const offsets = new Map<number, number>();
    for (let i = 0; i < count; i += 1) offsets.set(lexer.integer(), first + lexer.integer());
    const loaded = { data, offsets };
    this.objectStreams.set(num, loaded);
    return loaded;
  }
}
