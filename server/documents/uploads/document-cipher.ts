import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../../platform/private-files';

/**
 * Documents at rest: AES-256-GCM, a fresh 96-bit nonce per file, the storage key as additional
 * data (a blob copied under another document's name does not decrypt).
 * Layout, version 2: 2 (1 byte) | key id (4) | nonce (12) | tag (16) | ciphertext; the version and key id are
 * authenticated too. The key id names the key that sealed the blob, so DOCUMENTS_KEY can be rotated: the new key
 * seals, the old ones (DOCUMENTS_OTHER_KEYS) still open, and `npm run data:reseal-documents` moves every blob
 * to the new key. Version 1 (no key id: 1 | nonce | tag | ciphertext) is still read, trying each key.
 */
const legacyVersion = 1;
const version = 2;
const keyIdBytes = 4;
const nonceBytes = 12;
const tagBytes = 16;
export const documentKeyBytes = 32;
export const documentKeyFileName = 'documents.key';

/** The key that seals new documents, and every key that may open stored ones (the current one included), by id. */
export interface DocumentKeyring {
  current: { id: string; key: Buffer };
  keys: ReadonlyMap<string, Buffer>;
}

/** A key's id: the first 4 bytes of its SHA-256, in hex. Names the key without revealing it. */
export function documentKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, keyIdBytes).toString('hex');
}

export function documentKeyring(current: Buffer, others: readonly Buffer[] = []): DocumentKeyring {
  const keys = new Map([current, ...others].map((key) => [documentKeyId(key), key] as const));
  return { current: { id: documentKeyId(current), key: current }, keys };
}

function open(key: Buffer, aad: Buffer, nonce: Buffer, tag: Buffer, ciphertext: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

export function sealDocument(keyring: DocumentKeyring, storageKey: string, plaintext: Uint8Array): Buffer {
  const header = Buffer.concat([Buffer.from([version]), Buffer.from(keyring.current.id, 'hex')]);
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, nonce);
  cipher.setAAD(Buffer.concat([header, Buffer.from(storageKey)]));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([header, nonce, cipher.getAuthTag(), ciphertext]);
}

/** The id of the key that sealed a blob; undefined for version 1 blobs, which do not say. */
export function sealedKeyId(sealed: Buffer): string | undefined {
  return sealed[0] === version && sealed.length > 1 + keyIdBytes ? sealed.subarray(1, 1 + keyIdBytes).toString('hex') : undefined;
}

/** Throws when the blob was altered, cut short, or sealed under a key the ring lacks or another name. */
export function openDocument(keyring: DocumentKeyring, storageKey: string, sealed: Buffer): Buffer {
  const name = Buffer.from(storageKey);
  if (sealed[0] === version && sealed.length >= 1 + keyIdBytes + nonceBytes + tagBytes) {
    const id = sealed.subarray(1, 1 + keyIdBytes).toString('hex');
    const key = keyring.keys.get(id);
    if (!key) throw new Error(`stored document was sealed under key ${id}, which is neither DOCUMENTS_KEY nor in DOCUMENTS_OTHER_KEYS`);
    const at = 1 + keyIdBytes;
    const aad = Buffer.concat([sealed.subarray(0, at), name]);
    return open(key, aad, sealed.subarray(at, at + nonceBytes), sealed.subarray(at + nonceBytes, at + nonceBytes + tagBytes), sealed.subarray(at + nonceBytes + tagBytes));
  }
  if (sealed[0] === legacyVersion && sealed.length >= 1 + nonceBytes + tagBytes) {
    const parts = [sealed.subarray(1, 1 + nonceBytes), sealed.subarray(1 + nonceBytes, 1 + nonceBytes + tagBytes), sealed.subarray(1 + nonceBytes + tagBytes)] as const;
    for (const key of keyring.keys.values()) {
      try {
        return open(key, name, ...parts);
      } catch {
        // not this key: the next one
      }
    }
    throw new Error('stored document (format 1) opens with none of the configured keys');
  }
  throw new Error('stored document has an unknown format');
}

/** DOCUMENTS_OTHER_KEYS: comma-separated DOCUMENTS_KEY values; undefined when any of them is not one. */
export function decodeDocumentKeys(text: string): Buffer[] | undefined {
  const keys = text.split(',').map((item) => item.trim()).filter(Boolean).map(decodeDocumentKey);
  return keys.every((key) => key !== undefined) ? (keys as Buffer[]) : undefined;
}

/** A DOCUMENTS_KEY value: base64 of exactly 32 bytes. Returns undefined when it is not. */
export function decodeDocumentKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === documentKeyBytes ? key : undefined;
}

export const missingKeyMessage =
  'DOCUMENTS_KEY is required in production: base64 of 32 random bytes (openssl rand -base64 32)';

/**
 * The key for documents at rest: the given one (DOCUMENTS_KEY); outside production, else
 * DATA_DIR/documents.key, generated once with mode 0600. Production without a key refuses to start,
 * so a key never silently lives next to the data it protects.
 */
export function loadDocumentKey(options: { dataDir: string; production: boolean; given?: string | undefined }): Buffer {
  if (options.given !== undefined && options.given.trim() !== '') {
    const key = decodeDocumentKey(options.given);
    if (!key) throw new Error('DOCUMENTS_KEY must be base64 of exactly 32 bytes');
    return key;
  }
  if (options.production) throw new Error(missingKeyMessage);
  const path = join(options.dataDir, documentKeyFileName);
  const read = (): Buffer => {
    const key = decodeDocumentKey(readFileSync(path, 'utf8'));
    if (!key) throw new Error(`${path} does not hold a base64 32-byte key`);
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDir(options.dataDir);
  try {
    writeFileSync(path, `${randomBytes(documentKeyBytes).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process won the race: use its key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
