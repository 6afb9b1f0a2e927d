import { join } from 'node:path';
import { type DocumentKeyring, decodeDocumentKeys, documentKeyring, loadDocumentKey } from './document-cipher';
import { createLocalDocumentStorage, documentsFolderName, type DocumentStorage } from './document-storage';
import { type S3StorageOptions, createS3DocumentStorage } from './s3-document-storage';

export interface DocumentsOptions {
  dataDir: string;
  production: boolean;
  /** DOCUMENTS_KEY (base64, 32 bytes); required in production and with object storage. */
  documentsKey?: string | undefined;
  /** DOCUMENTS_OTHER_KEYS: keys that open documents but never seal new ones (comma-separated): the old key after a rotation, the next one while it rolls out. */
  otherDocumentsKeys?: string | undefined;
  /** DOCUMENTS_S3_*: documents in an S3-compatible bucket instead of DATA_DIR/documents. */
  s3?: S3StorageOptions | undefined;
}

export const sharedStorageKeyMessage =
  'DOCUMENTS_KEY is required with DOCUMENTS_S3_BUCKET: every instance must seal and open documents with the same key (openssl rand -base64 32)';

/**
 * The keys for documents at rest. Throws before anything is written when production, or object storage (shared by
 * instances that would each generate a key of their own), has no DOCUMENTS_KEY, or a key is malformed.
 */
export function loadDocumentsKeyring(options: DocumentsOptions): DocumentKeyring {
  if (options.s3 && !options.documentsKey?.trim()) throw new Error(sharedStorageKeyMessage);
  const current = loadDocumentKey({ dataDir: options.dataDir, production: options.production, given: options.documentsKey });
  const others = options.otherDocumentsKeys ? decodeDocumentKeys(options.otherDocumentsKeys) : [];
  if (!others) throw new Error('DOCUMENTS_OTHER_KEYS must be comma-separated base64 keys of exactly 32 bytes');
  return documentKeyring(current, others);
}

/** The bucket when DOCUMENTS_S3_BUCKET is set, else DATA_DIR/documents (outside every served folder; stale temp files cleared). */
export async function createDocumentStorage(dataDir: string, s3: S3StorageOptions | undefined): Promise<DocumentStorage> {
  if (s3) return createS3DocumentStorage(s3);
  const local = createLocalDocumentStorage(join(dataDir, documentsFolderName));
  await local.sweep();
  return local;
}
