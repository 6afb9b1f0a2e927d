import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { parseEnv } from '../server/env';
import { createDocumentStorage, loadDocumentsKeyring } from '../server/documents/uploads/create-documents';
import { resealDocuments } from '../server/documents/uploads/reseal-documents';

/**
 * `npm run data:reseal-documents`: after DOCUMENTS_KEY was changed (the old key moved to DOCUMENTS_OTHER_KEYS),
 * seals every stored document under the new key, with the same settings as `npm start` (DATA_DIR or DATABASE_URL,
 * the local folder or DOCUMENTS_S3_*). Servers may keep running meanwhile: they open both. Safe to rerun.
 */
const { app } = parseEnv(process.env);
const dataDir = app.dataDir ?? 'data';
const db = createDatabase({ dataDir, databaseUrl: app.databaseUrl });
const storage = await createDocumentStorage(dataDir, app.documentStorage);
try {
  const keyring = loadDocumentsKeyring({
    dataDir,
    production: app.production ?? false,
    documentsKey: app.documentsKey,
    otherDocumentsKeys: app.otherDocumentsKeys,
    s3: app.documentStorage,
  });
  await migrateToLatest(db);
  const counts = await resealDocuments(db, storage, keyring);
  console.log(`documents re-sealed under key ${keyring.current.id}: ${counts.resealed}; already under it: ${counts.current}`);
  if (counts.missing.length > 0) {
    console.error(`${counts.missing.length} document row(s) have no stored file: ${counts.missing.slice(0, 20).join(', ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`re-sealing failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await storage.close?.();
  await db.destroy();
}
