import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { documentsFolderName } from '../../server/documents/uploads/document-storage';
import { type TestApp, signIn, startTestApp } from './helpers';
import { type FilePart, type TextPart, filesUnder, multipart, phoneJpeg, plainPng } from './upload-fixtures';
import { uploadProbeRoutes } from './upload-probe';

type Parts = (TextPart | FilePart)[];

/** A test app with the upload probe routes, one signed-in applicant, and ways to see what is stored. */
export interface UploadHarness {
  t: TestApp;
  token: string;
  /** A noisy 800x600 phone JPEG with orientation 6 and GPS tags. */
  jpeg: Buffer;
  png: Buffer;
  send(url: string, parts: Parts, accessToken?: string): Promise<LightMyRequestResponse>;
  documentsDir(): string;
  storedFiles(): string[];
  snapshot(): Promise<{ rows: number; files: number }>;
  /** No new row and no new file since `before`. */
  expectNothingStored(before: { rows: number; files: number }): Promise<void>;
}

export const panFile = (data: Buffer, filename = 'pan.jpg', contentType = 'image/jpeg'): FilePart => ({ name: 'pan', filename, contentType, data });

/** What an app has stored: document rows and files under DATA_DIR/documents, and a check that nothing was added. */
export interface StoredDocuments {
  documentsDir(): string;
  storedFiles(): string[];
  rowCount(): Promise<number>;
  snapshot(): Promise<{ rows: number; files: number }>;
  /** No new row and no new file since `before`. */
  expectNothingStored(before: { rows: number; files: number }): Promise<void>;
}

export function storedDocuments(t: TestApp): StoredDocuments {
  const documentsDir = () => join(t.dir, documentsFolderName);
  const storedFiles = () => filesUnder(documentsDir());
  async function rowCount(): Promise<number> {
    // A second connection to the app's own database.
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const row = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await db.destroy();
    }
  }
  return {
    documentsDir,
    storedFiles,
    rowCount,
    snapshot: async () => ({ rows: await rowCount(), files: storedFiles().length }),
    async expectNothingStored(before) {
      expect(await rowCount()).toBe(before.rows);
      expect(storedFiles()).toHaveLength(before.files);
    },
  };
}

export async function startUploadHarness(): Promise<UploadHarness> {
  const t = await startTestApp({ extraSignedInRoutes: [uploadProbeRoutes] });
  const token = (await signIn(t)).token;
  const { documentsDir, storedFiles, snapshot, expectNothingStored } = storedDocuments(t);
  return {
    t,
    token,
    jpeg: await phoneJpeg(),
    png: await plainPng(),
    send(url, parts, accessToken = token) {
      const { body, contentType } = multipart(parts);
      return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType, 'x-access-token': accessToken } });
    },
    documentsDir,
    storedFiles,
    snapshot,
    expectNothingStored,
  };
}
