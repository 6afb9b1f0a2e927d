import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Many text rows in one statement with one bound value per column (PostgreSQL: unnest of arrays) or
 * one for the whole batch (SQLite: json_each). Kysely's multi-row VALUES builds and binds every cell,
 * which made the first-start load of the branch directory three times slower.
 */
export interface BulkInsert {
  table: string;
  columns: readonly string[];
  /** Rows as arrays of text, in `columns` order. */
  rows: readonly (readonly string[])[];
  /** On a row whose `conflictColumn` exists: replace the other columns (a merge). */
  conflictColumn?: string;
}

export function isPostgres(db: Kysely<unknown>): boolean {
  // The adapter tells the dialect; getExecutor() is public in Kysely's JavaScript and typings.
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function bulkInsert<DB>(db: Kysely<DB>, insert: BulkInsert): Promise<void> {
  const { table, columns, rows, conflictColumn } = insert;
  if (rows.length === 0) return;
  const target = sql`${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})`;
  const replace = conflictColumn
    ? sql` on conflict (${sql.ref(conflictColumn)}) do update set ${sql.join(
        columns.filter((column) => column !== conflictColumn).map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`),
      )}`
    : sql``;
  const executor = db as unknown as Kysely<unknown>;
  if (isPostgres(executor)) {
    const arrays = columns.map((_, index) => sql`${rows.map((row) => row[index] ?? '')}::text[]`);
    await sql`insert into ${target} select * from unnest(${sql.join(arrays)})${replace}`.execute(db);
  } else {
    const values = columns.map((_, index) => sql.raw(`value->>${index}`));
    // `where true` lets SQLite parse ON CONFLICT after INSERT … SELECT.
    await sql`insert into ${target} select ${sql.join(values)} from json_each(${JSON.stringify(rows)}) where true${replace}`.execute(db);
  }
}
