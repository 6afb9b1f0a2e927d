import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Enough for every statement the app writes; texts that vary (IN lists) run unnamed once the names are spent. */
const maxNames = 1000;

/**
 * Named prepared statements for every statement with parameters: PostgreSQL parses and plans a statement's text once
 * per connection instead of on every execution, and the driver sends no Parse message after the first. Names are
 * per SQL text, the same on every connection (pg keeps which ones each connection has prepared). Statements
 * without parameters (begin, commit) keep the simple protocol. PostgreSQL keeps a connection's prepared statements
 * through rollbacks; a schema change after start would invalidate them, and the app changes its schema only in
 * the migrations that run before it serves.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNames) {
      name = `onboard_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const prepared = new WeakSet<pg.PoolClient>();
  const prepare = (client: pg.PoolClient): PostgresPoolClient => {
    if (prepared.has(client)) return client;
    prepared.add(client);
    const query = client.query.bind(client) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
    // Kysely calls query(sql, parameters); anything else (a cursor, a config object) goes through as it came.
    const original = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const [text, values] = args;
      const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2 ? nameOf(text) : undefined;
      if (name === undefined) return (original as (...all: unknown[]) => unknown).apply(client, args);
      return query({ name, text: text as string, values: values as unknown[] });
    } as typeof client.query;
    return client;
  };
  return {
    connect: async () => prepare(await pool.connect()),
    end: () => pool.end(),
  };
}
