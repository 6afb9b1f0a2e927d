import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { deleteAllDocumentsOf, deleteOwnedDocuments, findDocumentById, findOwnedDocument, insertDocuments, listUserDocuments } from '../repository';
import type { Database, DocumentRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { type Deadline, deadlinePassed } from '../../providers/call-budget';
import { type DocumentKeyring, openDocument, sealDocument } from './document-cipher';
import { type DocumentStorage, newStorageKey } from './document-storage';
import type { AcceptedFile } from './upload-kinds';
import { documentsWithPassword, findDocumentPassword, insertDocumentPassword } from '../document-passwords-repository';

export interface OwnedDocument {
  row: DocumentRow;
  /** Decrypted and authenticated. */
  bytes: Buffer;
}

export interface DocumentsService {
  /**
   * Stores checked files for one owner: sealed blobs first, then, in ONE transaction, their rows
   * and the caller's own writes (`work`, e.g. the step data naming the document ids). If anything
   * fails, the blobs are deleted and the transaction rolls back: no file without its row, no half
   * of a form. Ids come back in the order of `files`.
   */
  store<T>(ownerId: string, files: readonly AcceptedFile[], deadline: Deadline, work: (trx: Transaction<Database>, ids: string[]) => Promise<T>): Promise<T>;
  /** One file, no other writes: the new document's id. */
  storeUpload(ownerId: string, file: AcceptedFile, deadline: Deadline): Promise<string>;
  /** The owner's document, decrypted; undefined for another applicant's or an unknown id. */
  readOwned(ownerId: string, id: string): Promise<OwnedDocument | undefined>;
  /**
   * Inside the caller's transaction: deletes the rows of the owner's documents among `ids` (another applicant's are
   * left alone) and returns them; their files go with discard() once the transaction has committed.
   */
  dropOwned(trx: Transaction<Database>, ownerId: string, ids: readonly string[]): Promise<DocumentRow[]>;
  /** The stored files of rows already deleted (superseded uploads): none is left without its row. */
  discard(rows: readonly DocumentRow[]): Promise<void>;
  /** Every document the owner stored, oldest first (rows only, nothing decrypted). */
  listOwned(ownerId: string): Promise<DocumentRow[]>;
  /** Any applicant's document, decrypted: the back office's read, which its caller audits. */
  readForReview(id: string): Promise<OwnedDocument | undefined>;
  /** Lets go of the storage's connections (object storage); the app calls it on close. */
  close(): Promise<void>;
  /** Every document of the owner, oldest first, decrypted (their data export). */
  readAllOwned(ownerId: string): Promise<OwnedDocument[]>;
  /**
   * Erases every document of the owner: the files first, then their rows, so a failure part way leaves rows that a
   * retry erases (a missing file is no error) and never a file without its row. Returns how many there were.
   */
  eraseOwned(ownerId: string): Promise<number>;
  /**
   * Inside the caller's transaction: keeps an encrypted PDF's password, sealed under the documents' key (never in
   * clear, never logged), so a reviewer can open the file; it goes when the document's row goes.
   */
  keepPassword(trx: Transaction<Database>, ownerId: string, documentId: string, password: string): Promise<void>;
  /** Any applicant's document and its kept password, opened: the back office's read, which its caller audits. */
  readPassword(documentId: string): Promise<{ row: DocumentRow; password: string } | undefined>;
  /** Which of these documents have a kept password. */
  withPasswords(documentIds: readonly string[]): Promise<Set<string>>;
}

/** The associated data a password is sealed under: its document's id, so a sealed password moved to another does not open. */
const passwordName = (documentId: string) => `password:${documentId}`;

export interface DocumentsDeps {
  db: Kysely<Database>;
  storage: DocumentStorage;
  keyring: DocumentKeyring;
  clock: () => number;
}

export function createDocumentsService({ db, storage, keyring, clock }: DocumentsDeps): DocumentsService {
  const service: DocumentsService = {
    async store(ownerId, files, deadline, work) {
      // An upload read and checked past the request's deadline is not stored: the client was told it failed.
      if (deadlinePassed(deadline)) throw new ApiError(503, 'request.busy');
      const rows: DocumentRow[] = [];
      try {
        for (const file of files) {
          const storageKey = newStorageKey();
          const row: DocumentRow = {
            id: randomUUID(),
            user_id: ownerId,
            kind: file.kind,
            mime: file.mime,
            size: file.bytes.length,
            storage_key: storageKey,
            created_at: clock(),
          };
          // Listed before the write: a put that fails half way is cleaned up with the rest.
          rows.push(row);
          await storage.put(storageKey, sealDocument(keyring, storageKey, file.bytes));
        }
        return await db.transaction().execute(async (trx) => {
          await insertDocuments(trx, rows);
          return work(trx, rows.map((row) => row.id));
        });
      } catch (error) {
        await Promise.allSettled(rows.map((row) => storage.delete(row.storage_key)));
        throw error;
      }
    },

    async storeUpload(ownerId, file, deadline) {
      return service.store(ownerId, [file], deadline, async (_trx, [id]) => id as string);
    },

    dropOwned: (trx, ownerId, ids) => deleteOwnedDocuments(trx, ownerId, ids),

    async discard(rows) {
      await Promise.allSettled(rows.map((row) => storage.delete(row.storage_key)));
    },

    async readOwned(ownerId, id) {
      const row = await findOwnedDocument(db, ownerId, id);
      return row ? open(row) : undefined;
    },

    async readAllOwned(ownerId) {
      const rows = await listUserDocuments(db, ownerId);
      return Promise.all(rows.map(open));
    },

    async eraseOwned(ownerId) {
      const rows = await listUserDocuments(db, ownerId);
      for (const row of rows) await storage.delete(row.storage_key);
      await deleteAllDocumentsOf(db, ownerId);
      return rows.length;
    },

    listOwned: (ownerId) => listUserDocuments(db, ownerId),

    async readForReview(id) {
      const row = await findDocumentById(db, id);
      return row ? open(row) : undefined;
    },

    async keepPassword(trx, ownerId, documentId, password) {
      const sealed = sealDocument(keyring, passwordName(documentId), Buffer.from(password, 'utf8')).toString('base64');
      await insertDocumentPassword(trx, { document_id: documentId, user_id: ownerId, sealed, created_at: clock() });
    },

    async readPassword(documentId) {
      const [row, sealed] = await Promise.all([findDocumentById(db, documentId), findDocumentPassword(db, documentId)]);
      if (!row || sealed === undefined) return undefined;
      return { row, password: openDocument(keyring, passwordName(documentId), Buffer.from(sealed, 'base64')).toString('utf8') };
    },

    withPasswords: (documentIds) => documentsWithPassword(db, documentIds),

    close: async () => storage.close?.(),
  };

  async function open(row: DocumentRow): Promise<OwnedDocument> {
    const sealed = await storage.get(row.storage_key);
    if (!sealed) throw new Error(`document ${row.id} has no stored file`);
    return { row, bytes: openDocument(keyring, row.storage_key, sealed) };
  }
  return service;
}
