import type { Kysely, Transaction } from 'kysely';
import type { ClientCodeFormat } from '../../../core/engine/flow-types';
import type { Database } from '../../db/schema';

/**
 * Gives the applicant their client ID, once: the sequence's next number, in the config's format. The sequence row is
 * updated in place (a row lock on PostgreSQL), so concurrent decisions on two instances never share a number.
 * Returns the ID the applicant has (the one given earlier, if any).
 */
export async function assignClientCode(db: Kysely<Database> | Transaction<Database>, userId: string, format: ClientCodeFormat): Promise<string> {
  const held = await db.selectFrom('users').select('client_code').where('id', '=', userId).executeTakeFirst();
  if (held?.client_code) return held.client_code;
  const next = await db
    .updateTable('sequences')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'client_code')
    .returning('value')
    .executeTakeFirstOrThrow();
  const code = `${format.prefix}${String(next.value).padStart(format.digits, '0')}`;
  await db.updateTable('users').set({ client_code: code }).where('id', '=', userId).execute();
  return code;
}
