import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { EnvError, parseEnv } from '../../../server/env';
import {
  decodeDocumentKey,
  documentKeyFileName,
  documentKeyring,
  loadDocumentKey,
  missingKeyMessage,
  openDocument,
  sealDocument,
} from '../../../server/documents/uploads/document-cipher';
import { createLocalDocumentStorage, newStorageKey } from '../../../server/documents/uploads/document-storage';
import { filesUnder } from '../upload-fixtures';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'onboard-documents-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const key = documentKeyring(Buffer.alloc(32, 1));
const plaintext = Buffer.from('%PDF-1.4 the statement');

describe('sealing documents (AES-256-GCM)', () => {
  it('round-trips, and the sealed bytes hide the content', () => {
    const sealed = sealDocument(key, 'a'.repeat(32), plaintext);
    expect(sealed.includes('%PDF')).toBe(false);
    expect(openDocument(key, 'a'.repeat(32), sealed).equals(plaintext)).toBe(true);
    // A fresh nonce each time: the same file never seals to the same bytes.
    expect(sealDocument(key, 'a'.repeat(32), plaintext).equals(sealed)).toBe(false);
  });

  it.each<[string, (sealed: Buffer) => [ReturnType<typeof documentKeyring>, string, Buffer]]>([
    ['a flipped byte', (sealed) => [key, 'a'.repeat(32), Buffer.concat([sealed.subarray(0, -1), Buffer.from([sealed.at(-1)! ^ 1])])]],
    ['a cut-off blob', (sealed) => [key, 'a'.repeat(32), sealed.subarray(0, sealed.length - 3)]],
    ['another key', (sealed) => [documentKeyring(Buffer.alloc(32, 2)), 'a'.repeat(32), sealed]],
    ['a key id changed to another key of the ring', (sealed) => {
      const ring = documentKeyring(Buffer.alloc(32, 1), [Buffer.alloc(32, 2)]);
      const other = Buffer.from(documentKeyring(Buffer.alloc(32, 2)).current.id, 'hex');
      return [ring, 'a'.repeat(32), Buffer.concat([sealed.subarray(0, 1), other, sealed.subarray(5)])];
    }],
    ['a blob copied under another name', (sealed) => [key, 'b'.repeat(32), sealed]],
    ['an unknown format', () => [key, 'a'.repeat(32), Buffer.from('short')]],
  ])('refuses %s', (_name, change) => {
    const [useKey, name, blob] = change(sealDocument(key, 'a'.repeat(32), plaintext));
    expect(() => openDocument(useKey, name, blob)).toThrow();
  });
});

describe('the documents key', () => {
  const good = Buffer.alloc(32, 9).toString('base64');

  it('comes from DOCUMENTS_KEY when given', () => {
    expect(loadDocumentKey({ dataDir: dir, production: true, given: good }).equals(Buffer.alloc(32, 9))).toBe(true);
  });

  it('is generated once into DATA_DIR outside production, readable by the owner only', () => {
    const first = loadDocumentKey({ dataDir: dir, production: false });
    expect(loadDocumentKey({ dataDir: dir, production: false }).equals(first)).toBe(true);
    expect(statSync(join(dir, documentKeyFileName)).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production without one, before anything is written', async () => {
    expect(() => loadDocumentKey({ dataDir: dir, production: true })).toThrow(missingKeyMessage);
    await expect(buildApp({ dataDir: dir, production: true, staticDir: join(dir, 'none') })).rejects.toThrow(missingKeyMessage);
    expect(filesUnder(dir)).toEqual([]);
  });

  it.each([['too short', Buffer.alloc(16).toString('base64')], ['not base64', 'x'.repeat(44) + '!'], ['hex', 'ab'.repeat(32)]])(
    'refuses a key that is %s',
    (_name, value) => {
      expect(decodeDocumentKey(value)).toBeUndefined();
      expect(() => loadDocumentKey({ dataDir: dir, production: false, given: value })).toThrow('DOCUMENTS_KEY must be base64 of exactly 32 bytes');
      expect(() => parseEnv({ DOCUMENTS_KEY: value })).toThrow(EnvError);
    },
  );

  it('parseEnv passes a valid DOCUMENTS_KEY on', () => {
    expect(parseEnv({ DOCUMENTS_KEY: good }).app.documentsKey).toBe(good);
  });

  it('a damaged key file stops start-up rather than being replaced', () => {
    writeFileSync(join(dir, documentKeyFileName), 'garbage\n');
    expect(() => loadDocumentKey({ dataDir: dir, production: false })).toThrow('does not hold a base64 32-byte key');
  });
});

describe('the local document storage', () => {
  it('stores under <2 hex>/<32 hex>, and only such keys', async () => {
    const storage = createLocalDocumentStorage(dir);
    const name = newStorageKey();
    await storage.put(name, Buffer.from('sealed'));
    expect(readFileSync(join(dir, name.slice(0, 2), name), 'utf8')).toBe('sealed');
    expect((await storage.get(name))?.toString()).toBe('sealed');
    await storage.delete(name);
    expect(await storage.get(name)).toBeUndefined();
    await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  it('a write that fails leaves neither the file nor its temp file', async () => {
    const storage = createLocalDocumentStorage(dir);
    const name = newStorageKey();
    // The shard folder's name is taken by a file: the final rename cannot happen.
    writeFileSync(join(dir, name.slice(0, 2)), 'in the way');
    await expect(storage.put(name, Buffer.from('sealed'))).rejects.toThrow();
    expect(filesUnder(dir)).toEqual([join(dir, name.slice(0, 2))]);
  });

  it('sweeps temp files an interrupted process left behind, but not fresh ones', async () => {
    const storage = createLocalDocumentStorage(dir);
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, 'tmp', 'stale'), 'half');
    writeFileSync(join(dir, 'tmp', 'fresh'), 'being written');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(dir, 'tmp', 'stale'), hourAgo, hourAgo);
    await storage.sweep();
    expect(filesUnder(dir)).toEqual([join(dir, 'tmp', 'fresh')]);
  });
});
