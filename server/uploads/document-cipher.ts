import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../services/private-files';

/**
 * Documents at rest: AES-256-GCM, a fresh 96-bit nonce per file, the storage key as additional
 * data (a blob copied under another document's name does not decrypt).
 * Layout: version (1 byte) | nonce (12) | tag (16) | ciphertext.
 */
const version = 1;
const nonceBytes = 12;
const tagBytes = 16;
const headerBytes = 1 + nonceBytes + tagBytes;
export const documentKeyBytes = 32;
export const documentKeyFileName = 'documents.key';

export function sealDocument(key: Buffer, storageKey: string, plaintext: Uint8Array): Buffer {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(storageKey));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([version]), nonce, cipher.getAuthTag(), ciphertext]);
}

/** Throws when the blob was altered, cut short, or sealed under another key or name. */
export function openDocument(key: Buffer, storageKey: string, sealed: Buffer): Buffer {
  if (sealed.length < headerBytes || sealed[0] !== version) throw new Error('stored document has an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + nonceBytes));
  decipher.setAAD(Buffer.from(storageKey));
  decipher.setAuthTag(sealed.subarray(1 + nonceBytes, headerBytes));
  return Buffer.concat([decipher.update(sealed.subarray(headerBytes)), decipher.final()]);
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
