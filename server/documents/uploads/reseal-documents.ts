import type { Kysely } from 'kysely';
import { listStoredDocuments } from '../repository';
import type { Database } from '../../db/schema';
import { type DocumentKeyring, openDocument, sealDocument, sealedKeyId } from './document-cipher';
import type { DocumentStorage } from './document-storage';

export interface ResealCounts {
  resealed: number;
  /** Already sealed under the current key. */
  current: number;
  /** Rows whose blob is gone (reported, left alone). */
  missing: string[];
}

const page = 200;

/**
 * Key rotation's second half: every stored document not sealed under the current key is opened (with whichever
 * key of the ring sealed it) and sealed again under the current one, in place (a put replaces the blob whole).
 * Idempotent and safe to rerun after an interruption; once it reports nothing left, the old keys can be dropped.
 */
export async function resealDocuments(db: Kysely<Database>, storage: DocumentStorage, keyring: DocumentKeyring): Promise<ResealCounts> {
  const counts: ResealCounts = { resealed: 0, current: 0, missing: [] };
  for (let after = ''; ; ) {
    const rows = await listStoredDocuments(db, after, page);
    if (rows.length === 0) return counts;
    for (const row of rows) {
      const sealed = await storage.get(row.storage_key);
      if (!sealed) {
        counts.missing.push(row.id);
      } else if (sealedKeyId(sealed) === keyring.current.id) {
        counts.current += 1;
      } else {
        await storage.put(row.storage_key, sealDocument(keyring, row.storage_key, openDocument(keyring, row.storage_key, sealed)));
        counts.resealed += 1;
      }
    }
    after = rows.at(-1)!.id;
  }
}
