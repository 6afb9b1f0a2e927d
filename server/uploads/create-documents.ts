import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadDocumentKey } from './document-cipher';
import { createLocalDocumentStorage, documentsFolderName } from './document-storage';
import { type DocumentsService, createDocumentsService } from './documents-service';

export interface DocumentsOptions {
  dataDir: string;
  production: boolean;
  /** DOCUMENTS_KEY (base64, 32 bytes); required in production. */
  documentsKey?: string | undefined;
}

/** Throws before anything is written when production has no DOCUMENTS_KEY (or it is malformed). */
export function loadDocumentsKey(options: DocumentsOptions): Buffer {
  return loadDocumentKey({ dataDir: options.dataDir, production: options.production, given: options.documentsKey });
}

/** The documents service on DATA_DIR/documents (outside every served folder); clears stale temp files. */
export async function createDocuments(key: Buffer, dataDir: string, db: Kysely<Database>, clock: () => number): Promise<DocumentsService> {
  const storage = createLocalDocumentStorage(join(dataDir, documentsFolderName));
  await storage.sweep();
  return createDocumentsService({ db, storage, key, clock });
}
