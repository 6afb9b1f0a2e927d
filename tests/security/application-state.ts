import { sql } from 'kysely';
import { createDatabase } from '../../server/db/database';
import type { TestApp } from '../server/helpers';
import { storedDocuments } from '../server/upload-harness';

/** Tables holding an applicant's application, by the column naming the applicant (sessions are not the application). */
const applicantTables: [string, string][] = [
  ['users', 'id'],
  ['step_data', 'user_id'],
  ['documents', 'user_id'],
  ['identity_requests', 'user_id'],
  ['income_proofs', 'user_id'],
  ['pan_checks', 'user_id'],
  ['otp_challenges', 'user_id'],
  ['rpd_requests', 'user_id'],
  ['income_declarations', 'user_id'],
];

export interface ApplicationState {
  rows: Record<string, unknown[]>;
  files: string[];
}

/**
 * Every row of the applicant's application, in every table, and the stored document files, read over a second
 * connection: two equal states mean nothing of the application changed in between (not even a timestamp).
 */
export async function applicationState(t: TestApp, phone: string): Promise<ApplicationState> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    const user = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const rows: Record<string, unknown[]> = {};
    for (const [table, column] of applicantTables) {
      const found = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(column)} = ${user.id}`.execute(db);
      rows[table] = found.rows.map((row) => JSON.stringify(row)).sort();
    }
    return { rows, files: storedDocuments(t).storedFiles().sort() };
  } finally {
    await db.destroy();
  }
}
