import type { Kysely } from 'kysely';

/**
 * Portable types only: text, integer, bigint (ms timestamps). Runs unchanged on SQLite and PostgreSQL.
 * The schema argument is untyped on purpose: a migration must not change when Database changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text')
    .addColumn('pan', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('current_step', 'text')
    .addColumn('next_step', 'text')
    .addColumn('gender', 'text')
    .addColumn('marital_status', 'text')
    .addColumn('occupation', 'text')
    .addColumn('income_segment', 'text')
    .addColumn('trading_experience', 'text')
    .addColumn('father_name', 'text')
    .addColumn('mother_name', 'text')
    .addColumn('segments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rejected_steps', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('referrer', 'text')
    .addColumn('source', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('otp_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('verify_token_hash', 'text', (c) => c.unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .addColumn('dead', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('otp_challenges_user_destination')
    .on('otp_challenges')
    .columns(['user_id', 'channel', 'destination', 'created_at'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_recipient_sent').on('outbox').columns(['recipient', 'sent_at']).execute();

  await db.schema
    .createTable('message_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_sends_destination').on('message_sends').columns(['destination', 'sent_at']).execute();
  await db.schema.createIndex('message_sends_ip').on('message_sends').columns(['ip', 'sent_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['message_sends', 'outbox', 'sessions', 'otp_challenges', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
