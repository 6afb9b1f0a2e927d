import { decodeStream } from './pdf-streams';
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
/**
 * The quick reading runs on the event loop: a file with more objects than any statement or payslip has (a
 * hostile one, say) goes to pdf.js in its worker instead of holding every other request up.
 */
const maxEntries = 50_000;
const maxResolveDepth = 32;


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

  /** One section: a table and its trailer, or a cross-reference stream. Earlier entries win (newest first). */
  private readSection(offset: number): PdfDict {
    const lexer = new PdfLexer(this.bytes, offset);
    const start = lexer.pos;
    if (lexer.word() === 'xref') {
      for (let word = lexer.word(); word !== 'trailer'; word = lexer.word()) {
        if (!/^\d+$/.test(word)) unsure('bad cross-reference table');
        const first = Number(word);
        const count = lexer.integer();
        if (this.entries.size + count > maxEntries) unsure('more objects than the quick reading takes on');
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
    this.readXrefStream(value, decodeStream(value, stream, (v) => this.resolve(v)));
    return value;
  }

  private readXrefStream(dict: PdfDict, data: Buffer): void {
    const widths = dict.get('W');
    if (!Array.isArray(widths) || widths.length !== 3 || !widths.every((w) => typeof w === 'number' && w >= 0 && w <= 8)) unsure('bad /W');
    const [w0, w1, w2] = widths as number[];
    const size = dict.get('Size');
    const index = (dict.get('Index') ?? [0, typeof size === 'number' ? size : 0]) as number[];
    if (!Array.isArray(index) || !index.every((n) => typeof n === 'number')) unsure('bad /Index');
    const field = (at: number, width: number) => {
      let value = 0;
      for (let i = 0; i < width; i += 1) value = value * 256 + data[at + i]!;
      return value;
    };
    let at = 0;
    if (data.length / Math.max(1, w0! + w1! + w2!) + this.entries.size > maxEntries) unsure('more objects than the quick reading takes on');
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
    const data = decodeStream(value, this.decrypt ? this.decrypt(stream, num, gen) : stream, (v) => this.resolve(v));
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
