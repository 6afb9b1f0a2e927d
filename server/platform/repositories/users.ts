import { randomUUID } from 'node:crypto';
import { type Kysely, type Transaction, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, UserRow, UserUpdate } from '../../db/schema';

/** The rejected steps stored on the row (a JSON object keyed by step); a damaged value reads as none. */
export function rejectedStepsOf(row: Pick<UserRow, 'rejected_steps'>): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(row.rejected_steps);
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  } catch {
    return {};
  }
}

const userById = compiledOnce((db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return (await userById(db, id)).rows[0];
}

/** The application of the number's holder (a family member's, sharing the number, is found by `applicationsOnPhone`). */
const holderByPhone = compiledOnce((db, phone: string) => db.selectFrom('users').selectAll().where('phone', '=', phone).where('family_of', 'is', null));

export async function findUserByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return (await holderByPhone(db, phone)).rows[0];
}

const applicationsCount = compiledOnce((db, phone: string) => db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('count')).where('phone', '=', phone));

/** How many applications one mobile number holds (the holder's and family members'). */
export async function countApplicationsOnPhone(db: Kysely<Database>, phone: string): Promise<number> {
  return Number((await applicationsCount(db, phone)).rows[0]?.count ?? 0);
}

/** Every application under one mobile number: the holder's first, then family members' in the order they were opened. */
export async function applicationsOnPhone(db: Kysely<Database>, phone: string): Promise<UserRow[]> {
  const rows = await db.selectFrom('users').selectAll().where('phone', '=', phone).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  return [...rows.filter((row) => row.family_of === null), ...rows.filter((row) => row.family_of !== null)];
}

export interface NewApplicant {
  phone: string;
  nextStep: string | null;
  referrer: string | null;
  source: string | null;
  /** The language of the request that signed them up; null: the default. */
  language?: string | null;
  /** The config release it is pinned to; left out: the newest when the row is written. */
  release?: number | null;
  now: number;
}

/** A new application's row: nothing answered yet, at the journey's first step. */
function newApplicationRow(id: string, applicant: NewApplicant, familyOf: string | null) {
  return {
    id,
    phone: applicant.phone,
    email: null,
    email_verified: 0,
    pan: null,
    current_step: null,
    next_step: applicant.nextStep,
    rejected_steps: '{}',
    referrer: applicant.referrer,
    source: applicant.source,
    created_at: applicant.now,
    updated_at: applicant.now,
    submitted_at: null,
    language: applicant.language ?? null,
    family_of: familyOf,
    // Unless the caller read the release it starts on (and its first step), the newest one in the same statement.
    config_release: applicant.release ?? sql<number>`(select max(number) from config_releases)`,
  };
}

/** Creates the number holder's application unless the number has one; safe when two signups race (one holder per number). */
export async function createUserIfMissing(db: Kysely<Database>, applicant: NewApplicant): Promise<UserRow> {
  await db
    .insertInto('users')
    .values(newApplicationRow(randomUUID(), applicant, null))
    .onConflict((conflict) => conflict.column('phone').where('family_of', 'is', null).doNothing())
    .execute();
  const user = await findUserByPhone(db, applicant.phone);
  if (!user) throw new Error('user vanished right after insert');
  return user;
}

/** A family member's application under the holder's number (`familyOf`: the holder's application); its id. */
export async function insertFamilyApplication(db: Kysely<Database> | Transaction<Database>, applicant: NewApplicant & { familyOf: string }): Promise<string> {
  const id = randomUUID();
  await db.insertInto('users').values(newApplicationRow(id, applicant, applicant.familyOf)).execute();
  return id;
}

/**
 * Moves the applicant's step pointers, but only if nextStep is still what the caller saw:
 * two racing submits cannot advance twice. `submitted`: the move ends the journey (its first time is kept).
 * Returns the row as moved (one round trip: the caller needs no second read), or undefined when it did not move.
 */
/** The move's UPDATE, compiled once per shape: with or without the journey's end, from a step or from none. */
function moveQuery(submitted: boolean, fromNone: boolean) {
  return compiledOnce((db, id: string, expected: string | null, currentStep: string | null, nextStep: string | null, now: number) => {
    const submittedAt = submitted ? { submitted_at: sql<number>`coalesce(submitted_at, ${now})` } : {};
    const query = db.updateTable('users').set({ current_step: currentStep, next_step: nextStep, updated_at: now, ...submittedAt }).where('id', '=', id);
    return (fromNone ? query.where('next_step', 'is', null) : query.where('next_step', '=', expected)).returningAll();
  });
}
const moves = { plain: moveQuery(false, false), plainFromNone: moveQuery(false, true), submitted: moveQuery(true, false), submittedFromNone: moveQuery(true, true) };

export async function moveUserSteps(
  db: Kysely<Database>,
  id: string,
  expectedNextStep: string | null,
  steps: { currentStep: string | null; nextStep: string | null; submitted?: boolean },
  now: number,
): Promise<UserRow | undefined> {
  const fromNone = expectedNextStep === null;
  const move = steps.submitted ? (fromNone ? moves.submittedFromNone : moves.submitted) : fromNone ? moves.plainFromNone : moves.plain;
  return (await move(db, id, expectedNextStep, steps.currentStep, steps.nextStep, now)).rows[0];
}

/**
 * Inside a transaction: takes the applicant's row lock (PostgreSQL) or the write lock (SQLite) before the
 * transaction reads, so two instances serving one applicant's double submit run its check-then-write one after
 * the other. Changes nothing; returns the row as locked (what a later read in the transaction would see, unless the
 * transaction itself changes it).
 */
const lockUser = compiledOnce((db, id: string) => db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).returningAll());

export async function lockApplicant(trx: Transaction<Database>, id: string): Promise<UserRow | undefined> {
  return (await lockUser(trx, id)).rows[0];
}

/** Stores the applicant's language (a declared code); a setting, not an answer, so updated_at stays. */
export async function setUserLanguage(db: Kysely<Database>, id: string, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', id).execute();
}

export async function updateUser(db: Kysely<Database>, id: string, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export interface RejectionFix {
  fixingStep: string;
  rejectedStep: string;
  afterJourney: string;
  now: number;
}

/**
 * Clears one rejection while the applicant is still fixing rejected steps and the row is as they saw it; with
 * none left they move on to `afterJourney`. False when the row changed or the step was not rejected.
 */
export async function clearRejection(db: Kysely<Database> | Transaction<Database>, user: UserRow, fix: RejectionFix): Promise<boolean> {
  const rejected = rejectedStepsOf(user);
  if (user.next_step !== fix.fixingStep || !(fix.rejectedStep in rejected)) return false;
  delete rejected[fix.rejectedStep];
  const done = Object.keys(rejected).length === 0;
  const result = await db
    .updateTable('users')
    .set({
      rejected_steps: JSON.stringify(rejected),
      updated_at: fix.now,
      ...(done ? { current_step: fix.fixingStep, next_step: fix.afterJourney } : {}),
    })
    .where('id', '=', user.id)
    .where('next_step', '=', fix.fixingStep)
    .where('rejected_steps', '=', user.rejected_steps)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
