import type { Kysely } from 'kysely';

/**
 * Step data stored by its schema: one JSON document per applicant and step, with a version and the time.
 * Personal details and the PAN registry's name and date of birth move out of `users` into documents;
 * `users` keeps only what is looked up (phone, email, PAN, step pointers).
 */

const personalColumns = {
  gender: 'gender',
  maritalStatus: 'marital_status',
  occupation: 'occupation',
  incomeSegment: 'income_segment',
  tradingExperience: 'trading_experience',
  fatherName: 'father_name',
  motherName: 'mother_name',
} as const;

interface OldUser {
  id: string;
  pan: string | null;
  name: string | null;
  date_of_birth: string | null;
  segments: string;
  other_options_declaration: number | null;
  updated_at: number;
  [column: string]: unknown;
}

function personalDocument(user: OldUser): Record<string, unknown> | undefined {
  if (user.gender === null) return undefined;
  const document: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(personalColumns)) if (user[column] !== null) document[field] = user[column];
  document.segments = JSON.parse(user.segments) as unknown;
  if (user.other_options_declaration !== null) document.otherOptionsDeclaration = user.other_options_declaration === 1;
  return document;
}

// Kysely<any>: the tables as they were before this migration, not as schema.ts describes them now.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('step_data')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_data_pk', ['user_id', 'step_id'])
    .execute();

  const users = (await db.selectFrom('users').selectAll().execute()) as OldUser[];
  for (const user of users) {
    const rows: { step_id: string; data: Record<string, unknown> }[] = [];
    const personal = personalDocument(user);
    if (personal) rows.push({ step_id: 'personal_details', data: personal });
    if (user.pan !== null) rows.push({ step_id: 'pan_verification', data: { pan: user.pan, name: user.name, dateOfBirth: user.date_of_birth } });
    for (const row of rows) {
      await db
        .insertInto('step_data')
        .values({ user_id: user.id, step_id: row.step_id, data: JSON.stringify(row.data), version: 1, updated_at: user.updated_at })
        .execute();
    }
  }
  for (const column of [...Object.values(personalColumns), 'segments', 'other_options_declaration', 'name', 'date_of_birth']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...Object.values(personalColumns), 'name', 'date_of_birth']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('users').addColumn('segments', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('users').addColumn('other_options_declaration', 'integer').execute();
  await db.schema.dropTable('step_data').execute();
}
