import { sql, type Kysely } from 'kysely';

/**
 * Acknowledgement references of nominations (SEBI, January 2025: every nomination or opt-out submitted is
 * acknowledged): one sequence, so two instances on one database never hand out the same number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sequences (name, value) values ('nomination', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sequences where name = 'nomination'`.execute(db);
}
