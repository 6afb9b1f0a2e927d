import { performance } from 'node:perf_hooks';
import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/** Statements sent to the database (each transaction's begin and commit included) and transactions opened, since start. */
export interface QueryCounts {
  queries: number;
  transactions: number;
  /** With ONBOARD_QUERY_COUNTS=statements only: per SQL text, how often it ran and the ms until its answer, in total. */
  statements?: Record<string, { count: number; ms: number }>;
}

/** This process's counts, over every database it opened (the server opens one). */
export const queryCounts: QueryCounts = { queries: 0, transactions: 0 };

const counted = new WeakSet<DatabaseConnection>();
type Execute = DatabaseConnection['executeQuery'];

function timed(execute: Execute, statements: NonNullable<QueryCounts['statements']>): Execute {
  return async (query) => {
    const started = performance.now();
    try {
      return await execute(query);
    } finally {
      const entry = (statements[query.sql] ??= { count: 0, ms: 0 });
      entry.count += 1;
      entry.ms += performance.now() - started;
    }
  };
}

/** Counts on the connection itself, so the driver's own begin, commit and rollback are counted with the queries. */
function countOn(connection: DatabaseConnection): DatabaseConnection {
  if (counted.has(connection)) return connection;
  counted.add(connection);
  const bound: Execute = connection.executeQuery.bind(connection);
  const execute = queryCounts.statements ? timed(bound, queryCounts.statements) : bound;
  connection.executeQuery = <R>(query: Parameters<Execute>[0]): Promise<QueryResult<R>> => {
    queryCounts.queries += 1;
    return execute<R>(query);
  };
  return connection;
}

/** Every call goes to the driver itself (its private fields need it as `this`); connections come back counted. */
function countingDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: async () => countOn(await driver.acquireConnection()),
    beginTransaction: (connection, settings) => {
      queryCounts.transactions += 1;
      return driver.beginTransaction(connection, settings);
    },
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
}

/** The dialect with its statements counted (a counter per statement: the cost is an increment). */
export function countingDialect(dialect: Dialect): Dialect {
  return {
    createDriver: () => countingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** The message a parent process sends over IPC for the counts, and the answer's tag. */
export const queryCountsRequest = 'onboard:query-counts';

let answering = false;

/**
 * With ONBOARD_QUERY_COUNTS=ipc (the whole-flow benchmark starts the server so) or =statements (also each statement's
 * count and time), the process answers a parent's `queryCountsRequest` message with the counts; nothing listens
 * otherwise. The channel never keeps the process alive.
 */
export function answerQueryCountRequests(env: NodeJS.ProcessEnv = process.env): void {
  const mode = env.ONBOARD_QUERY_COUNTS;
  if ((mode !== 'ipc' && mode !== 'statements') || !process.send || answering) return;
  answering = true;
  if (mode === 'statements') queryCounts.statements = {};
  process.on('message', (message: unknown) => {
    if (message === queryCountsRequest) process.send?.({ [queryCountsRequest]: structuredClone(queryCounts) });
  });
  process.channel?.unref();
}
