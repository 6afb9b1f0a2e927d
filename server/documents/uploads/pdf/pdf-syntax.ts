/**
 * Just enough of PDF's object syntax (ISO 32000-1 §7.3) to read a file's cross-reference data, its encryption
 * dictionary and its page tree: numbers, names, strings, arrays, dictionaries, references. Anything else is
 * PdfUnsure, and the caller leaves the file to pdf.js.
 */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export type PdfDict = Map<string, PdfValue>;
/** Strings are their bytes (Uint8Array); arrays are plain arrays. */
export type PdfValue = number | boolean | null | PdfName | PdfRef | Uint8Array | PdfValue[] | PdfDict;

/** The quick reading cannot decide this file: pdf.js gets it. */
export class PdfUnsure extends Error {}

export function unsure(why: string): never {
  throw new PdfUnsure(why);
}

const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const delimiters = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const maxDepth = 64;

/** A cursor over the file's bytes. */
export class PdfLexer {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
  ) {}

  skipSpace(): void {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      const byte = bytes[this.pos]!;
      if (whitespace.has(byte)) this.pos += 1;
      else if (byte === 0x25) while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos += 1;
      else return;
    }
  }

  /** The next bare word (keyword or number), after any whitespace. */
  word(): string {
    this.skipSpace();
    return this.rawWord();
  }

  private rawWord(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length && !whitespace.has(this.bytes[this.pos]!) && !delimiters.has(this.bytes[this.pos]!)) this.pos += 1;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, this.pos - start).toString('latin1');
  }

  expect(keyword: string): void {
    if (this.word() !== keyword) unsure(`expected ${keyword}`);
  }

  integer(): number {
    const text = this.word();
    if (!/^\d{1,10}$/.test(text)) unsure('expected an integer');
    return Number(text);
  }

  value(depth = 0): PdfValue {
    if (depth > maxDepth) unsure('nested too deeply');
    this.skipSpace();
    const byte = this.bytes[this.pos];
    if (byte === undefined) unsure('unexpected end of file');
    if (byte === 0x2f) return this.name();
    if (byte === 0x28) return this.literalString();
    if (byte === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (this.skipSpace(); this.bytes[this.pos] !== 0x5d; this.skipSpace()) items.push(this.value(depth + 1));
      this.pos += 1;
      return items;
    }
    if (byte === 0x3c && this.bytes[this.pos + 1] === 0x3c) return this.dict(depth);
    if (byte === 0x3c) return this.hexString();
    const word = this.word();
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) unsure(`unexpected token '${word.slice(0, 20)}'`);
    const number = Number(word);
    if (!/^\d+$/.test(word)) return number;
    // 'num gen R' is a reference; anything else leaves the cursor after the number.
    const after = this.pos;
    const gen = this.word();
    if (/^\d+$/.test(gen) && this.word() === 'R') return new PdfRef(number, Number(gen));
    this.pos = after;
    return number;
  }

  private dict(depth: number): PdfDict {
    this.pos += 2;
    const dict: PdfDict = new Map();
    for (this.skipSpace(); !(this.bytes[this.pos] === 0x3e && this.bytes[this.pos + 1] === 0x3e); this.skipSpace()) {
      if (this.bytes[this.pos] !== 0x2f) unsure('dictionary key is not a name');
      const key = this.name().name;
      dict.set(key, this.value(depth + 1));
    }
    this.pos += 2;
    return dict;
  }

  private name(): PdfName {
    this.pos += 1;
    const raw = this.rawWord();
    return new PdfName(raw.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  }

  private hexString(): Uint8Array {
    const end = this.bytes.indexOf(0x3e, this.pos);
    if (end < 0) unsure('unterminated hex string');
    const hex = Buffer.from(this.bytes.subarray(this.pos + 1, end)).toString('latin1').replace(/\s+/g, '');
    if (!/^[0-9A-Fa-f]*$/.test(hex)) unsure('bad hex string');
    this.pos = end + 1;
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  }

  private literalString(): Uint8Array {
    const out: number[] = [];
    let depth = 0;
    const escapes: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };
    for (this.pos += 1; this.pos < this.bytes.length; this.pos += 1) {
      const byte = this.bytes[this.pos]!;
      if (byte === 0x29 && depth === 0) {
        this.pos += 1;
        return Uint8Array.from(out);
      }
      if (byte === 0x28) depth += 1;
      if (byte === 0x29) depth -= 1;
      if (byte !== 0x5c) {
        out.push(byte);
        continue;
      }
      this.pos += 1;
      const next = this.bytes[this.pos] ?? 0;
      if (next >= 0x30 && next <= 0x37) {
        let octal = 0;
        for (let i = 0; i < 3 && this.bytes[this.pos]! >= 0x30 && this.bytes[this.pos]! <= 0x37; i += 1) octal = octal * 8 + this.bytes[this.pos++]! - 0x30;
        this.pos -= 1;
        out.push(octal & 0xff);
      } else if (next === 0x0d || next === 0x0a) {
        // A line break after a backslash continues the string.
        if (next === 0x0d && this.bytes[this.pos + 1] === 0x0a) this.pos += 1;
      } else {
        out.push(escapes[next] ?? next);
      }
    }
    return unsure('unterminated string');
  }
}

export function isDict(value: PdfValue | undefined): value is PdfDict {
  return value instanceof Map;
}

export function nameOf(value: PdfValue | undefined): string | undefined {
  return value instanceof PdfName ? value.name : undefined;
}

export function bytesOf(value: PdfValue | undefined): Uint8Array | undefined {
  return value instanceof Uint8Array ? value : undefined;
}
