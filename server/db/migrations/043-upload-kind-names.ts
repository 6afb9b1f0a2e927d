import { type Kysely, sql } from 'kysely';

/**
 * Upload kinds name what a file is (a signature image, an income-proof PDF), not the journey step that takes
 * it, so no route file writes a step id: 'signature' becomes 'signature_image', 'income_proof' 'income_proof_pdf'.
 */
const renamed = [
  ['signature', 'signature_image'],
  ['income_proof', 'income_proof_pdf'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of renamed) await sql`update documents set kind = ${to} where kind = ${from}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of renamed) await sql`update documents set kind = ${from} where kind = ${to}`.execute(db);
}
