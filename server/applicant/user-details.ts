import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { KraAddressLines, RejectedSteps, UserDetails } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { repoRoot } from '../config/config-dirs';
import { type StepAnswers, findAllStepAnswers } from '../platform/repositories/step-store';
import { rejectedStepsOf } from '../platform/repositories/users';
import type { Database, UserRow } from '../db/schema';
import type { StepValidators } from '../validation/step-validators';
import { serverAnswerKeys } from '../steps/declared-at';
import { rectifyBy } from '../platform/rectification-deadline';
import { findDeadline } from '../platform/repositories/rectification-deadlines';
import { indianDate } from '../../core/engine/rectification';

/**
 * The applicant as the API answers it: the fields of schemas/user.schema.json, plus the fields of every
 * step's stored answers (flow.json steps with a "schema"), null until saved. A new question is a new field
 * of a step schema: it appears here with no migration and no hand-written type.
 */
export interface UserPresenter {
  /** Response schema of a user (fast serialisation; stored answers may carry fields beyond their schema). */
  readonly schema: Record<string, unknown>;
  /** `answers`: every step's answers as the request just stored them, when it has them (they are not read again). */
  present(row: UserRow, answers?: Record<string, StepAnswers>): Promise<UserDetails>;
}

type JsonSchema = Record<string, unknown>;

const userSchemaFile = join(repoRoot, 'schemas', 'user.schema.json');

/** What a stored field looks like on the wire: its type, nullable; lists and objects as they are. */
function wireField(schema: unknown): JsonSchema {
  const type = (schema as JsonSchema | undefined)?.type;
  if (type === 'array') return { type: 'array' };
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return { type: [type, 'null'] };
  return {};
}

/**
 * `answeredWith`: the response schema routes serialise with, when it is another config's (the running config's, for an
 * application served by an older release): a field only that config asks about is answered empty.
 */
export function createUserPresenter(db: Kysely<Database>, flow: FlowConfig, validators: StepValidators, answeredWith?: UserPresenter['schema']): UserPresenter {
  const core = JSON.parse(readFileSync(userSchemaFile, 'utf8')) as { properties: Record<string, unknown>; required: string[] };
  const stepFields: Record<string, JsonSchema> = {};
  // Fields a schema keeps off the user record ("x-onUser": false), by step.
  const hidden: Record<string, string[]> = {};
  for (const step of flow.steps) {
    const properties = (step.schema ? validators[step.schema]?.schema : undefined) as { properties?: Record<string, JsonSchema> } | undefined;
    for (const [field, schema] of Object.entries(properties?.properties ?? {})) {
      if (schema['x-onUser'] === false) (hidden[step.id] ??= []).push(field);
      else if (!(field in core.properties)) stepFields[field] = wireField(schema);
    }
  }
  const otherFields = Object.entries((answeredWith?.properties ?? {}) as Record<string, JsonSchema>).filter(([field]) => !(field in core.properties));
  const empty = Object.fromEntries([...otherFields, ...Object.entries(stepFields)].map(([field, schema]) => [field, schema.type === 'array' ? [] : null]));
  const schema = answeredWith ?? {
    type: 'object',
    properties: { ...core.properties, ...stepFields },
    required: [...core.required, ...Object.keys(stepFields)],
    additionalProperties: true,
  };
  const order = new Map(flow.steps.map((step, index) => [step.id, index]));
  const rank = (step: string) => order.get(step) ?? -1;
  const serverOnly = new Set(serverAnswerKeys);
  const keptOffByStep = new Map(Object.entries(hidden).map(([step, fields]) => [step, new Set([...fields, ...serverAnswerKeys])]));
  const keptOff = (step: string) => keptOffByStep.get(step) ?? serverOnly;

  return {
    schema,
    async present(row, stored) {
      const answers = stored ?? (await findAllStepAnswers(db, row.id));
      const merged: Record<string, unknown> = { ...empty, name: null, dateOfBirth: null, kraStatus: null };
      // Flow order: a later step's field wins; answers of steps no longer in the flow still show.
      const steps = Object.keys(answers).sort((a, b) => rank(a) - rank(b));
      for (const step of steps) {
        const kept = keptOff(step);
        // Assigned field by field, none deleted: an object with deleted keys turns slow for every use after (each response).
        for (const [field, value] of Object.entries(answers[step] ?? {})) if (!kept.has(field)) merged[field] = value;
      }
      return {
        ...merged,
        id: row.id,
        phone: row.phone,
        email: row.email,
        pan: row.pan,
        currentStep: row.current_step,
        nextStep: row.next_step,
        rejectedSteps: rejectedStepsOf(row) as RejectedSteps,
        rectifyBy: await rectifyBy({ db, flow }, row),
        ...(await reviewOf(db, flow, row)),
        clientCode: row.client_code,
        language: row.language,
        address: ownAddress(merged.kraAddress),
      } as UserDetails;
    },
  };
}

/**
 * Where the review stands for the status page: the application's reference; submitted and waiting for the back
 * office, the day the review is expected by (review.verificationHours after the submission, or the last correction:
 * a fix moves updated_at); and whether what waits is the applicant's corrections (a reject opened a deadline before).
 */
async function reviewOf(db: Kysely<Database>, flow: FlowConfig, row: UserRow): Promise<Pick<UserDetails, 'reference' | 'reviewBy' | 'correctionsReceived'>> {
  const reference = row.id.replace(/-/g, '').slice(0, 8).toUpperCase();
  const waiting = row.next_step === flow.afterJourney && Object.keys(rejectedStepsOf(row)).length === 0;
  if (!waiting) return { reference, reviewBy: null, correctionsReceived: false };
  const corrected = (await findDeadline(db, row.id)) !== undefined;
  const from = corrected ? Number(row.updated_at) : Number(row.submitted_at ?? row.updated_at);
  const hours = flow.review.verificationHours ?? defaultVerificationHours;
  return { reference, reviewBy: indianDate(from + hours * 3_600_000), correctionsReceived: corrected };
}

/**
 * The applicant's own address as the server holds it: the KRA record's permanent address (stored with the PAN step),
 * its lines 2 and 3 as one; null without a first line and a pincode. (Aadhaar's address from KYC is not kept: the KYC
 * result keeps only Aadhaar's summary.)
 */
export function ownAddress(kraAddress: unknown): UserDetails['address'] {
  if (!kraAddress || typeof kraAddress !== 'object') return null;
  const lines = kraAddress as Partial<Record<keyof KraAddressLines, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const [line1, pincode] = [text(lines.line1), text(lines.pincode)];
  if (!line1 || !pincode) return null;
  const line2 = [text(lines.line2), text(lines.line3)].filter(Boolean).join(', ');
  const optional = Object.entries({ line2, city: text(lines.city), state: text(lines.state) }).filter(([, value]) => value !== '');
  return { line1, pincode, ...Object.fromEntries(optional) };
}

/** The spec's 'Verification time 2-3 business days (24-72 hrs)'. */
const defaultVerificationHours = 72;
