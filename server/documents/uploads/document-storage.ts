import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where sealed (encrypted) documents live, by server-generated key: this folder (the default) or an S3-compatible
 * bucket (s3-document-storage.ts). The service encrypts before put, so the storage receives ciphertext only.
 */
export interface DocumentStorage {
  /** Atomic: afterwards the key holds all of `data` or, on failure, nothing. A second put replaces the first. */
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** No error when the key holds nothing. */
  delete(key: string): Promise<void>;
  close?(): void | Promise<void>;
}

/** 128 random bits, hex: the only names documents are ever stored under. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const keyPattern = /^[0-9a-f]{32}$/;
export const documentsFolderName = 'documents';
const tempFolderName = 'tmp';
/** Temp files older than this at start-up were left by an interrupted write. */
const staleTempMs = 10 * 60_000;

export function checkStorageKey(key: string): string {
  // Keys are ours, but a path never comes from anything else: defence in depth.
  if (!keyPattern.test(key)) throw new Error('invalid storage key');
  return key;
}

/**
 * A local folder (DATA_DIR/documents, never served): <key[0..2]>/<key>. Writes go to tmp/ first,
 * are flushed to disk, then renamed into place, so a crash leaves no partial document.
 */
export function createLocalDocumentStorage(root: string): DocumentStorage & { sweep(): Promise<void> } {
  const tempDir = join(root, tempFolderName);
  mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => join(root, checkStorageKey(key).slice(0, 2), key);

  return {
    async put(key, data) {
      const target = pathOf(key);
      const temp = join(tempDir, `${key}.${randomBytes(4).toString('hex')}`);
      try {
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    /** Removes temp files an interrupted process left behind. */
    async sweep() {
      for (const name of await readdir(tempDir)) {
        const path = join(tempDir, name);
        const info = await stat(path).catch(() => undefined);
        // File times are wall-clock times, so this compares with Date.now, not the app clock.
        if (info && Date.now() - info.mtimeMs > staleTempMs) await unlink(path).catch(() => {});
      }
    },
  };
}
