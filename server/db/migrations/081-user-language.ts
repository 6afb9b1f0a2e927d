import type { Kysely } from 'kysely';

/**
 * users.language: the language the applicant chose (a code of flow-config/languages.json), stored at sign-up from
 * the request and changed with POST /api/user/language, so emails and SMS sent outside a request follow it. Null
 * for applicants from before it was kept: they read the default language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
