import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { RejectedSteps, UserDetails } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { repoRoot } from '../config/load-config';
import { findStepDocuments, stepDocumentsFinder } from '../steps/repository';
import { findUserById, rejectedStepsOf } from './repositories/users';
import type { Database, UserRow } from '../db/schema';
import type { StepValidators } from '../validation/step-validators';
import { declaredAtKey } from '../steps/declared-at';
import { rectifyBy } from '../back-office/services/rectification';

/**
 * The applicant as the API answers it: the fields of schemas/user.schema.json, plus the fields of every
 * step's stored document (flow.json steps with a "schema"), null until saved. A new question is a new field
 * of a step schema: it appears here with no migration and no hand-written type.
 */
export interface UserPresenter {
  /** Response schema of a user (fast serialisation; documents may carry fields beyond their schema). */
  readonly schema: Record<string, unknown>;
  present(row: UserRow): Promise<UserDetails>;
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

export function createUserPresenter(db: Kysely<Database>, flow: FlowConfig, validators: StepValidators): UserPresenter {
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
  const empty = Object.fromEntries(Object.entries(stepFields).map(([field, schema]) => [field, schema.type === 'array' ? [] : null]));
  const schema = {
    type: 'object',
    properties: { ...core.properties, ...stepFields },
    required: [...core.required, ...Object.keys(stepFields)],
    additionalProperties: true,
  };
  const order = new Map(flow.steps.map((step, index) => [step.id, index]));
  const rank = (step: string) => order.get(step) ?? -1;
  const documentsOf = stepDocumentsFinder(db);

  return {
    schema,
    async present(row) {
      const documents = await documentsOf(row.id);
      const merged: Record<string, unknown> = { ...empty, name: null, dateOfBirth: null, kraStatus: null };
      // Flow order: a later step's field wins; documents of steps no longer in the flow still show.
      const steps = Object.keys(documents).sort((a, b) => rank(a) - rank(b));
      for (const step of steps) {
        const shown = { ...documents[step] };
        for (const field of [...(hidden[step] ?? []), declaredAtKey]) delete shown[field];
        Object.assign(merged, shown);
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
        clientCode: row.client_code,
        language: row.language,
      } as UserDetails;
    },
  };
}

/** A user row with the PAN registry's name and date of birth, for services that check them (bank, identity). */
export type ApplicantRow = UserRow & { name: string | null; date_of_birth: string | null };

/** The row plus the name and date of birth of the verified PAN record (the step document that holds both). */
export async function withPanRecord(db: Kysely<Database>, row: UserRow): Promise<ApplicantRow> {
  const documents = await findStepDocuments(db, row.id);
  const record = Object.values(documents).find((doc) => typeof doc.name === 'string' && typeof doc.dateOfBirth === 'string');
  return { ...row, name: (record?.name as string | undefined) ?? null, date_of_birth: (record?.dateOfBirth as string | undefined) ?? null };
}

/** The rejected steps on an applicant row, by step id (for routes, which do not read repositories). */
export { rejectedStepsOf };

/** The applicant's row as stored now (after a write), or the one given when it is gone. */
export async function reloadUser(db: Kysely<Database>, user: UserRow): Promise<UserRow> {
  return (await findUserById(db, user.id)) ?? user;
}
