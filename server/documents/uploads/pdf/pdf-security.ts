import { createCipheriv, createDecipheriv, createHash, hash } from 'node:crypto';
import type { StreamDecrypt } from './pdf-file';
import { type PdfDict, type PdfValue, bytesOf, isDict, nameOf, unsure } from './pdf-syntax';

/**
 * PDF's standard security handler (ISO 32000-2 §7.6.4): does a password open the file, and with which key are its
 * streams encrypted. Revisions 2-4 (RC4 and AES-128, MD5 key derivation) and 5-6 (AES-256, SHA-2). It follows
 * pdf.js's reading: the given password as user password, then as owner password; an empty one where none is given.
 */

export type Access = { kind: 'open'; decrypt: StreamDecrypt } | { kind: 'refused' };

type Cipher = 'identity' | 'rc4' | 'aes128' | 'aes256';

interface Handler {
  version: number;
  revision: number;
  keyBytes: number;
  cipher: Cipher;
  o: Buffer;
  u: Buffer;
  oe: Buffer;
  ue: Buffer;
  p: number;
  id: Buffer;
  encryptMetadata: boolean;
}

const padding = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const hashOf = (algorithm: string, ...parts: Uint8Array[]) => {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** RC4 (OpenSSL 3 keeps it in the legacy provider, so it is written out here). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k += 1) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const xorKey = (key: Uint8Array, value: number) => Buffer.from(key.map((byte) => byte ^ value));

function aes(mode: 'aes-128-cbc' | 'aes-256-cbc', key: Uint8Array, iv: Uint8Array, data: Uint8Array, decrypt: boolean, pad: boolean): Buffer {
  const cipher = decrypt ? createDecipheriv(mode, key, iv) : createCipheriv(mode, key, iv);
  cipher.setAutoPadding(pad);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function cipherOf(encrypt: PdfDict, version: number, resolve: (value: PdfValue | undefined) => PdfValue | undefined): { cipher: Cipher; keyBits: number } {
  const length = encrypt.get('Length');
  if (version < 4) return { cipher: 'rc4', keyBits: typeof length === 'number' ? length : 40 };
  const filterName = nameOf(encrypt.get('StmF')) ?? 'Identity';
  const filters = resolve(encrypt.get('CF'));
  const filter = filterName === 'Identity' ? undefined : isDict(filters) ? resolve(filters.get(filterName)) : undefined;
  if (filterName !== 'Identity' && !isDict(filter)) unsure('crypt filter missing');
  const method = isDict(filter) ? (nameOf(filter.get('CFM')) ?? 'None') : 'None';
  const cipher = ({ None: 'identity', V2: 'rc4', AESV2: 'aes128', AESV3: 'aes256' } as const)[method as 'None'] ?? unsure(`crypt method ${method}`);
  const filterLength = isDict(filter) ? filter.get('Length') : undefined;
  const bits = typeof length === 'number' ? length : typeof filterLength === 'number' ? (filterLength < 40 ? filterLength * 8 : filterLength) : 128;
  return { cipher, keyBits: bits };
}

function handlerOf(encrypt: PdfDict, id: Uint8Array | undefined, resolve: (value: PdfValue | undefined) => PdfValue | undefined): Handler {
  if (nameOf(encrypt.get('Filter')) !== 'Standard') unsure('security handler other than Standard');
  const version = encrypt.get('V');
  const revision = encrypt.get('R');
  const p = encrypt.get('P');
  if (typeof version !== 'number' || ![1, 2, 4, 5].includes(version)) unsure('encryption version');
  if (typeof revision !== 'number' || revision < 2 || revision > 6 || typeof p !== 'number') unsure('encryption revision');
  const { cipher, keyBits } = cipherOf(encrypt, version, resolve);
  if (!Number.isInteger(keyBits) || keyBits < 40 || keyBits % 8 !== 0) unsure('key length');
  const string = (key: string) => Buffer.from(bytesOf(resolve(encrypt.get(key))) ?? new Uint8Array());
  const [o, u] = [string('O'), string('U')];
  if (o.length < (version === 5 ? 48 : 32) || u.length < (version === 5 ? 48 : 32)) unsure('short /O or /U');
  const encryptMetadata = !((version === 4 || version === 5) && encrypt.get('EncryptMetadata') === false);
  return { version, revision, keyBytes: keyBits >> 3, cipher, o, u, oe: string('OE'), ue: string('UE'), p, id: Buffer.from(id ?? []), encryptMetadata };
}

/** Revisions 2-4: the file key from a (padded) password, if it is the user password. */
function legacyKey(h: Handler, password: Uint8Array): Buffer | undefined {
  const padded = Buffer.concat([password.subarray(0, 32), padding]).subarray(0, 32);
  const flags = Buffer.alloc(4);
  flags.writeInt32LE(h.p | 0);
  let hash = hashOf('md5', padded, h.o.subarray(0, 32), flags, h.id, h.revision >= 4 && !h.encryptMetadata ? Buffer.from([255, 255, 255, 255]) : Buffer.alloc(0));
  if (h.revision >= 3) for (let i = 0; i < 50; i += 1) hash = hashOf('md5', hash.subarray(0, h.keyBytes));
  const key = hash.subarray(0, h.keyBytes);
  let check: Buffer;
  if (h.revision >= 3) {
    check = rc4(key, hashOf('md5', padding, h.id));
    for (let i = 1; i <= 19; i += 1) check = rc4(xorKey(key, i), check);
  } else {
    check = rc4(key, padding);
  }
  return check.equals(h.u.subarray(0, check.length)) ? key : undefined;
}

/** Revisions 2-4: the user password hidden in /O under an owner password. */
function userPasswordFromOwner(h: Handler, owner: Uint8Array): Buffer {
  let hash = hashOf('md5', Buffer.concat([owner.subarray(0, 32), padding]).subarray(0, 32));
  if (h.revision >= 3) for (let i = 0; i < 50; i += 1) hash = hashOf('md5', hash);
  const key = hash.subarray(0, h.keyBytes);
  if (h.revision < 3) return rc4(key, h.o.subarray(0, 32));
  let user = h.o.subarray(0, 32) as Buffer;
  for (let i = 19; i >= 0; i -= 1) user = rc4(xorKey(key, i), user);
  return user;
}

const roundHashes = ['sha256', 'sha384', 'sha512'] as const;

/** Revisions 5 (a single SHA-256) and 6 (ISO 32000-2 algorithm 2.B). */
function modernHash(h: Handler, password: Uint8Array, salt: Uint8Array, userBytes: Uint8Array): Buffer {
  let k = hashOf('sha256', password, salt, userBytes);
  if (h.revision === 5) return k;
  let last = 0;
  // At least 64 rounds, each an AES pass and a hash over 64 copies of the block: one-shot calls, one fill.
  for (let i = 0; i < 64 || last > i - 32; i += 1) {
    const block = Buffer.concat([password, k, userBytes]);
    const repeated = Buffer.allocUnsafe(block.length * 64).fill(block);
    // 64 copies are a multiple of 16 bytes: without padding, update() returns the whole ciphertext (final() adds nothing).
    const e = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false).update(repeated);
    let sum = 0;
    for (let j = 0; j < 16; j += 1) sum += e[j]!;
    k = hash(roundHashes[sum % 3]!, e, 'buffer');
    last = e[e.length - 1]!;
  }
  return k.subarray(0, 32);
}

/** The file key's derivation when `password` opens the file: a second hash, done only if a stream needs it. */
function modernKey(h: Handler, password: Uint8Array): (() => Buffer) | undefined {
  const zero = Buffer.alloc(16);
  if (modernHash(h, password, h.u.subarray(32, 40), Buffer.alloc(0)).equals(h.u.subarray(0, 32))) {
    return () => aes('aes-256-cbc', modernHash(h, password, h.u.subarray(40, 48), Buffer.alloc(0)), zero, h.ue.subarray(0, 32), true, false);
  }
  const userBytes = h.u.subarray(0, 48);
  if (password.length > 0 && modernHash(h, password, h.o.subarray(32, 40), userBytes).equals(h.o.subarray(0, 32))) {
    return () => aes('aes-256-cbc', modernHash(h, password, h.o.subarray(40, 48), userBytes), zero, h.oe.subarray(0, 32), true, false);
  }
  return undefined;
}

function streamDecrypt(h: Handler, keyOf: () => Buffer): StreamDecrypt {
  let known: Buffer | undefined;
  return (data, num, gen) => {
    if (h.cipher === 'identity') return data;
    const fileKey = (known ??= keyOf());
    if (h.cipher === 'aes256') return aes('aes-256-cbc', fileKey, data.subarray(0, 16), data.subarray(16), true, true);
    const salt = h.cipher === 'aes128' ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0);
    const objectId = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]);
    const key = hashOf('md5', fileKey, objectId, salt).subarray(0, Math.min(fileKey.length + 5, 16));
    return h.cipher === 'rc4' ? rc4(key, data) : aes('aes-128-cbc', key, data.subarray(0, 16), data.subarray(16), true, true);
  };
}

/** Opens the file with `password` (as pdf.js: user, then owner) or, when none opens it, with no password. */
export function openEncrypted(encrypt: PdfDict, id: Uint8Array | undefined, password: string | undefined, resolve: (value: PdfValue | undefined) => PdfValue | undefined): Access {
  const h = handlerOf(encrypt, id, resolve);
  const bytesOfPassword = (text: string) => {
    // pdf.js: UTF-8 for revision 6, else each UTF-16 unit's low byte (what 'latin1' encodes).
    const bytes = Buffer.from(text, h.revision === 6 ? 'utf8' : 'latin1');
    return h.version === 5 ? bytes.subarray(0, 127) : bytes;
  };
  for (const candidate of password ? [password, ''] : ['']) {
    const bytes = bytesOfPassword(candidate);
    if (h.version === 5) {
      const keyOf = modernKey(h, bytes);
      if (keyOf) return { kind: 'open', decrypt: streamDecrypt(h, keyOf) };
      continue;
    }
    const key = legacyKey(h, bytes) ?? (bytes.length > 0 ? legacyKey(h, userPasswordFromOwner(h, bytes)) : undefined);
    // pdf.js pads a revision-4 key shorter than 16 bytes to 16.
    if (key) return { kind: 'open', decrypt: streamDecrypt(h, () => (h.version === 4 && key.length < 16 ? Buffer.concat([key, Buffer.alloc(16 - key.length)]) : key)) };
  }
  return { kind: 'refused' };
}
