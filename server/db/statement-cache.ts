import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every query the app writes; queries whose text varies (IN lists) cannot crowd it out for long. */
const maxStatements = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which costs as much as running it. Prepared
 * statements are reusable (the driver runs one query at a time on its one connection), so they are
 * kept by SQL text. SQLite re-prepares a kept statement itself after a schema change.
 */
export function withStatementCache(database: BetterSqlite): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= maxStatements) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
