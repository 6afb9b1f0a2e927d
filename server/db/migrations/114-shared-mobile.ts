import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Family members who share one mobile number (the exchanges' rule allows a spouse's, dependent child's or dependent
 * parent's number with a declaration): a number may now hold several applications. The first one opened under it is
 * the number's holder (`family_of` null, still one per number); each other names the holder's application in
 * `family_of` and carries a contact declaration of channel 'mobile'.
 *
 * The phone's UNIQUE was declared inline in 001 (an index SQLite cannot drop), so on SQLite the users table is rebuilt
 * without it: foreign keys off for the rebuild, or dropping the old table would cascade into every child table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_phone_key`.execute(db);
  } else {
    await rebuildSqliteUsersWithoutPhoneUnique(db);
  }
  await db.schema.alterTable('users').addColumn('family_of', 'text').execute();
  await sql`CREATE UNIQUE INDEX users_phone_holder ON users (phone) WHERE family_of IS NULL`.execute(db);
  await db.schema.createIndex('users_phone').on('users').column('phone').execute();
}

async function rebuildSqliteUsersWithoutPhoneUnique(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'users'`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql;
  const inlineUnique = /("phone"\s+text\s+not null)\s+unique/i;
  if (!table || !inlineUnique.test(table)) throw new Error('users: the phone column is not declared as 001-initial declares it');
  const rebuilt = table.replace(inlineUnique, '$1').replace(/^create table\s+"?users"?/i, 'CREATE TABLE "users_rebuilt"');
  const indexes = rows.filter((row) => row.type === 'index' && row.sql).map((row) => row.sql as string);
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`INSERT INTO users_rebuilt SELECT * FROM users`.execute(db);
      await sql`DROP TABLE users`.execute(db);
      await sql`ALTER TABLE users_rebuilt RENAME TO users`.execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
      const { rows: broken } = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error(`users rebuild: ${broken.length} rows lost their user`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_phone').ifExists().execute();
  await db.schema.dropIndex('users_phone_holder').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('family_of').execute();
}
