import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { FlowConfig } from '../../core/engine/flow-types';
import { apiBindings } from '../../core/engine/step-api';
import { type TakenTurn, endTurn, takeTurn } from './repositories/applicant-turns';
import { findUserById } from './repositories/users';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { requestMsLeft } from './request-deadline';
import { readMethods, routeKey } from './route-keys';

/** What a turn knows as it starts, so it reads the applicant's row again only when it may have changed. */
export interface TurnStart {
  /** The applicant's row, read in the statement that took the turn (the shared queue's), as the last turn left it. */
  user?: UserRow;
  /**
   * False when no turn of this key ended since `at` (performance.now(), taken before a read of the row): that read is
   * as current as one now. True when unsure.
   */
  changedSince(at: number): boolean;
}

/** Turns in arrival order, per key; a turn that gives up waiting never holds up the ones after it. */
export interface TurnQueue {
  /** Runs `work` once every earlier turn of `key` has ended; throws `timeout()` when that takes longer than `waitMs`. */
  run<T>(key: string, waitMs: number, timeout: () => Error, work: (start: TurnStart) => Promise<T>): Promise<T>;
  /** Keys with a turn running or waiting (for tests: nothing may be left behind). */
  size(): number;
}

function waitFor(previous: Promise<void>, waitMs: number): Promise<boolean> {
  if (!Number.isFinite(waitMs)) return previous.then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, waitMs))));
  return Promise.race([previous.then(() => true), expired]).finally(() => clearTimeout(timer));
}

/** How long a turn taken through the database lasts at most: far past any request's budget. */
export const turnLeaseMs = 60_000;
const pollMs = 20;

/**
 * Turns shared by every instance on one PostgreSQL database: this process's queue first (it orders its own
 * requests without touching the database), then a lease row per applicant, waited for until `waitMs`. The statement
 * that takes the lease also reads the applicant's row as the last turn left it (repositories/applicant-turns.ts).
 */
export function createSharedTurnQueue(db: Kysely<Database>, local: TurnQueue = createTurnQueue()): TurnQueue {
  return {
    run(key, waitMs, timeout, work) {
      const until = performance.now() + waitMs;
      return local.run(key, waitMs, timeout, async () => {
        const holder = randomUUID();
        let turn: TakenTurn;
        // Wall-clock time: leases are compared across machines.
        while (!(turn = await takeTurn(db, key, holder, Date.now(), turnLeaseMs)).taken) {
          if (performance.now() + pollMs >= until) throw timeout();
          await sleep(pollMs);
        }
        try {
          // Another instance's turn may have changed the row whenever: only the row read with the lease is current.
          return await work({ ...(turn.user ? { user: turn.user } : {}), changedSince: () => true });
        } finally {
          // A lease that cannot be ended now runs out by itself (turnLeaseMs); the work's own outcome stands.
          await endTurn(db, key, holder).catch(() => undefined);
        }
      });
    },
    size: () => local.size(),
  };
}

/** How long the local queue remembers when a key's last turn ended: far past any request's budget. */
const rememberEndsMs = 60_000;

export function createTurnQueue(): TurnQueue {
  const tails = new Map<string, Promise<void>>();
  const lastEnded = new Map<string, number>();
  let prunedAt = performance.now();
  const ended = (key: string) => {
    const now = performance.now();
    lastEnded.set(key, now);
    if (now - prunedAt < rememberEndsMs) return;
    prunedAt = now;
    for (const [one, at] of lastEnded) if (now - at > rememberEndsMs) lastEnded.delete(one);
  };
  const start = (key: string): TurnStart => ({
    changedSince(at) {
      // Past what is remembered, an end may have been forgotten.
      if (performance.now() - at > rememberEndsMs) return true;
      return (lastEnded.get(key) ?? -Infinity) >= at;
    },
  });
  return {
    async run(key, waitMs, timeout, work) {
      const previous = tails.get(key);
      let end!: () => void;
      const done = new Promise<void>((resolve) => (end = resolve));
      // No turn of this key running or waiting (nearly every request): nothing to wait for, no timer to set.
      const tail = previous ? previous.then(() => done) : done;
      tails.set(key, tail);
      try {
        if (previous && !(await waitFor(previous, waitMs))) throw timeout();
        return await work(start(key));
      } finally {
        ended(key);
        end();
        void tail.then(() => {
          if (tails.get(key) === tail) tails.delete(key);
        });
      }
    },
    size: () => tails.size,
  };
}

/**
 * One state-changing request per applicant at a time: every signed-in route that is not a read, and every read
 * flow.json binds to a step (a status poll may complete it), runs in the applicant's turn. A double submit, or a
 * stale tab racing the final submit, then runs after the request before it has ended and sees what that left:
 * each turn sees the applicant's row as the turn before left it when the step guard looks at it (read again unless
 * the session lookup's read is known to be current, see TurnStart). A request that cannot get its turn
 * within its deadline is answered 503 'server busy' and changes nothing. Install in the signed-in scope, after
 * the authenticate hook; the turn wraps the route's handler (and with it the step guard, see step-binding.ts).
 */
export function installApplicantTurns(
  scope: FastifyInstance,
  options: { db: Kysely<Database>; flow: FlowConfig; prefix: string; queue: TurnQueue; releaseMoved?: (request: FastifyRequest) => Promise<void> },
): void {
  const bindings = apiBindings(options.flow);
  const busy = () => new ApiError(503, 'request.busy');
  scope.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const inTurn = methods.some((method) => !readMethods.includes(method) || bindings.has(routeKey(method, route.url, options.prefix)));
    if (!inTurn) return;
    const handler = route.handler;
    route.handler = async function inApplicantTurn(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      const user = request.user;
      if (!user) return handler.call(this, request, reply);
      const readAt = request.userReadAt;
      return options.queue.run(user.id, requestMsLeft(request), busy, async (start) => {
        // The row as the turn before left it: read with the turn, or the one the session lookup read if no turn ended since.
        const current = start.user ?? (readAt !== null && !start.changedSince(readAt) ? user : await findUserById(options.db, user.id));
        request.user = current ?? user;
        // A release's migration moved the applicant to another release meanwhile: their turn is served by that one.
        if (current && current.config_release !== user.config_release) await options.releaseMoved?.(request);
        return handler.call(this, request, reply);
      });
    };
  });
}
