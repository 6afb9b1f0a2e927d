import { type Kysely, sql } from 'kysely';
import { aadhaarDocumentType, maskedAadhaar } from '../../nominee/aadhaar';

/**
 * A nominee's Aadhaar number is kept as its last four digits only (UIDAI's masked form, XXXXXXXX1234): stored step
 * documents that hold nominees with a full Aadhaar number are masked in place. Documents without nominees are
 * not touched; the step id is not assumed (any document with a `nominees` list).
 */
interface Row {
  user_id: string;
  step_id: string;
  data: string;
}

function masked(text: string): string | undefined {
  let document: { nominees?: unknown };
  try {
    document = JSON.parse(text) as { nominees?: unknown };
  } catch {
    return undefined;
  }
  if (!Array.isArray(document.nominees)) return undefined;
  let changed = false;
  const nominees = document.nominees.map((nominee: unknown) => {
    if (!nominee || typeof nominee !== 'object') return nominee;
    const { documentType, documentNumber } = nominee as Record<string, unknown>;
    const hidden = documentType === aadhaarDocumentType && typeof documentNumber === 'string' ? maskedAadhaar(documentNumber) : documentNumber;
    if (hidden === documentNumber) return nominee;
    changed = true;
    return { ...nominee, documentNumber: hidden };
  });
  return changed ? JSON.stringify({ ...document, nominees }) : undefined;
}

// Kysely<any>: the table as it is at this migration, not as schema.ts may describe it later.
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await sql<Row>`select user_id, step_id, data from step_data where data like ${'%aadhar_card%'}`.execute(db)).rows;
  for (const row of rows) {
    const data = masked(row.data);
    if (data !== undefined) await sql`update step_data set data = ${data} where user_id = ${row.user_id} and step_id = ${row.step_id}`.execute(db);
  }
}

/** The full numbers are gone: nothing to restore. */
export async function down(): Promise<void> {}
