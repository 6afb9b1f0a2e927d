import { createCipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { EnvError, parseEnv } from '../../../server/env';
import { documentKeyring, openDocument, sealDocument, sealedKeyId } from '../../../server/documents/uploads/document-cipher';
import { createLocalDocumentStorage, documentsFolderName } from '../../../server/documents/uploads/document-storage';
import { resealDocuments } from '../../../server/documents/uploads/reseal-documents';
import { downloadDocument, uploadPanImage } from '../document-helpers';
import { type TestApp, startTestApp } from '../helpers';
import { applicantAt } from '../step-fixtures';
import { phoneJpeg } from '../upload-fixtures';

const oldKey = Buffer.alloc(32, 3);
const newKey = Buffer.alloc(32, 4);
const name = 'c'.repeat(32);
const text = Buffer.from('%PDF-1.4 statement');

/** A blob as the first format sealed it: 1 | nonce | tag | ciphertext, the storage key as additional data. */
function legacySeal(key: Buffer, storageKey: string, plaintext: Buffer): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(storageKey));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), nonce, cipher.getAuthTag(), ciphertext]);
}

describe('document keys: ids and rotation', () => {
  it('a blob names the key that sealed it; a ring with that key among its other keys opens it; without it, the error names the key id', () => {
    const sealed = sealDocument(documentKeyring(oldKey), name, text);
    expect(sealedKeyId(sealed)).toBe(documentKeyring(oldKey).current.id);
    expect(openDocument(documentKeyring(newKey, [oldKey]), name, sealed).equals(text)).toBe(true);
    expect(() => openDocument(documentKeyring(newKey), name, sealed)).toThrow(`sealed under key ${documentKeyring(oldKey).current.id}`);
  });

  it('opens blobs of the first format (no key id) with whichever key of the ring sealed them', () => {
    const sealed = legacySeal(oldKey, name, text);
    expect(openDocument(documentKeyring(newKey, [oldKey]), name, sealed).equals(text)).toBe(true);
    expect(() => openDocument(documentKeyring(newKey), name, sealed)).toThrow('opens with none of the configured keys');
  });

  it('DOCUMENTS_OTHER_KEYS: comma-separated keys, each checked', () => {
    const keys = `${oldKey.toString('base64')}, ${Buffer.alloc(32, 5).toString('base64')}`;
    expect(parseEnv({ DOCUMENTS_OTHER_KEYS: keys }).app.otherDocumentsKeys).toBe(keys);
    expect(() => parseEnv({ DOCUMENTS_OTHER_KEYS: `${oldKey.toString('base64')},short` })).toThrow(EnvError);
  });
});

describe('npm run data:reseal-documents', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });

  it('moves every stored document to the new key, once; then the server opens them without the old key', async () => {
    const before = await startTestApp({ documentsKey: oldKey.toString('base64') });
    apps.push(before);
    const who = await applicantAt(before, 'pan_image_upload', {}, 'aadhaar_verification');
    const id = await uploadPanImage(before.app, who.token, await phoneJpeg(320, 200));
    const original = await downloadDocument(before.app, who.token, id);
    expect(original.status).toBe(200);

    // The rotation: DOCUMENTS_KEY is the new key, the old one moves to DOCUMENTS_OTHER_KEYS; the server reads both.
    const during = await startTestApp({ documentsKey: newKey.toString('base64'), otherDocumentsKeys: oldKey.toString('base64') });
    apps.push(during);
    const db = createDatabase({ dataDir: before.dir, databaseUrl: before.databaseUrl });
    const storage = createLocalDocumentStorage(join(before.dir, documentsFolderName));
    try {
      const ring = documentKeyring(newKey, [oldKey]);
      expect(await resealDocuments(db, storage, ring)).toEqual({ resealed: 1, current: 0, missing: [] });
      expect(await resealDocuments(db, storage, ring)).toEqual({ resealed: 0, current: 1, missing: [] });
    } finally {
      await db.destroy();
    }

    // Same data, the new key only: the document still downloads, byte for byte.
    await before.app.close();
    const after = await startTestApp({ dataDir: before.dir, ...(before.databaseUrl ? { databaseUrl: before.databaseUrl } : {}), documentsKey: newKey.toString('base64') });
    apps.push(after);
    expect(await downloadDocument(after.app, who.token, id)).toEqual(original);
  });
});
