import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The sandbox identity widget's captured photo per request (migration 062): the provider's side of the sandbox. */
export async function saveSandboxMedia(db: Kysely<Database>, media: { requestId: string; mime: string; data: Buffer; now: number }): Promise<void> {
  const data = media.data.toString('base64');
  await db
    .insertInto('sandbox_media')
    .values({ request_id: media.requestId, mime: media.mime, data, created_at: media.now })
    .onConflict((conflict) => conflict.column('request_id').doUpdateSet({ mime: media.mime, data, created_at: media.now }))
    .execute();
}

export async function findSandboxMedia(db: Kysely<Database>, requestId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('sandbox_media').select('data').where('request_id', '=', requestId).executeTakeFirst();
  return row ? Buffer.from(row.data, 'base64') : undefined;
}
