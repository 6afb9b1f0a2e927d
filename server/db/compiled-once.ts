import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

/** Stands for the call's argument at `index` while the query is built and compiled, the one time it is. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled {
  sql: string;
  /** Per parameter: the argument it takes (a Slot), or a value the query itself holds (a constant). */
  parameters: readonly unknown[];
}

/**
 * A query of the hot path built and compiled once per database dialect, then run with each call's arguments: Kysely
 * otherwise builds and compiles it anew for every execution, which costs about as much as SQLite running it. `build`
 * gets stand-ins for the arguments and must put each into the query as a value as it is (no arithmetic, no
 * branching on it; a query whose shape varies is one compiled query per shape). Runs in a transaction when given one.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<QueryResult<Row>> {
  // By the dialect's adapter: a transaction shares its database's; SQLite and PostgreSQL differ in placeholders.
  const byAdapter = new WeakMap<object, Compiled>();
  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const slots = args.map((_, index) => new Slot(index)) as unknown as Args;
      const query = build(db, ...slots).compile();
      compiled = { sql: query.sql, parameters: query.parameters };
      byAdapter.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? args[parameter.index] : parameter));
    return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
