import type { Kysely } from 'kysely';
import type { Database, SandboxRequestRow } from '../../db/schema';

/** The sandbox providers' own records (table sandbox_requests): what the applicant did on their pages. */

export interface NewSandboxRequest {
  id: string;
  provider: string;
  kind: string;
  status: string;
  redirectUrl?: string | null;
  /** eSign: what is to be signed (JSON), printed on the signed PDF. */
  document?: string | null;
  now: number;
}

export async function insertSandboxRequest(db: Kysely<Database>, request: NewSandboxRequest): Promise<void> {
  await db
    .insertInto('sandbox_requests')
    .values({
      id: request.id,
      provider: request.provider,
      kind: request.kind,
      status: request.status,
      message: null,
      redirect_url: request.redirectUrl ?? null,
      document: request.document ?? null,
      created_at: request.now,
      updated_at: request.now,
    })
    .execute();
}

export async function findSandboxRequest(db: Kysely<Database>, provider: string, id: string): Promise<SandboxRequestRow | undefined> {
  return db.selectFrom('sandbox_requests').selectAll().where('id', '=', id).where('provider', '=', provider).executeTakeFirst();
}

export async function setSandboxStatus(
  db: Kysely<Database>,
  provider: string,
  id: string,
  change: { status: string; message: string | null; now: number },
): Promise<void> {
  await db
    .updateTable('sandbox_requests')
    .set({ status: change.status, message: change.message, updated_at: change.now })
    .where('id', '=', id)
    .where('provider', '=', provider)
    .execute();
}
