import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { bankDb } from '../server/bank/bank-tables';
import { BranchFileError, parseBranchCsv } from '../server/bank/branch-records';
import { importKey } from '../server/bank/branch-snapshot';
import { loadBranches } from '../server/bank/repositories/branch-store';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { parseEnv } from '../server/env';

/**
 * `npm run data:import-branches -- <file.csv[.gz]>`: merges a newer branch file into the database the
 * server uses (DATA_DIR or DATABASE_URL, as for `npm start`), in one transaction. Reads our columns or
 * Razorpay's release IFSC.csv. Idempotent: the same file again is skipped, and a merge of the same rows
 * changes nothing.
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run data:import-branches -- <file.csv | file.csv.gz>');
  process.exit(2);
}

const { app } = parseEnv(process.env);
const db = createDatabase({ dataDir: app.dataDir ?? 'data', databaseUrl: app.databaseUrl });
try {
  const started = performance.now();
  const bytes = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const { records, skipped } = parseBranchCsv(text);
  if (records.length === 0) throw new BranchFileError('no rows with a valid IFSC');
  await migrateToLatest(db);
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const result = await loadBranches(bankDb(db), records, { name: importKey, version, now: Date.now() });
  const ms = Math.round(performance.now() - started);
  console.log(
    result.status === 'loaded'
      ? `imported ${records.length} branches from ${file} in ${ms} ms` + (skipped ? ` (${skipped} rows without a valid IFSC skipped)` : '')
      : `${file} (version ${version}) is already imported: nothing to do`,
  );
} catch (error) {
  console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
