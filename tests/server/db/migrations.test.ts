import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, type Migration, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest, migrations } from '../../../server/db/migrate';
import * as initial from '../../../server/db/migrations/001-initial';
import * as panChecks from '../../../server/db/migrations/002-pan-and-personal-details';
import * as bankSubletCodes from '../../../server/db/migrations/042-bank-sublet-codes';
import * as uploadKindNames from '../../../server/db/migrations/043-upload-kind-names';
import * as nomineeAadhaarLastFour from '../../../server/db/migrations/070-nominee-aadhaar-last-four';
import { saveStepAnswers } from '../../../server/platform/repositories/step-store';
import { bankDb } from '../../../server/bank/bank-tables';
import { findAllStepAnswers } from '../../../server/platform/repositories/step-store';
import type { Database } from '../../../server/db/schema';

const dirs: string[] = [];
const dbs: Kysely<Database>[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDatabase(): Kysely<Database> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-migrations-'));
  dirs.push(dir);
  const db = createDatabase({ dataDir: dir });
  dbs.push(db);
  return db;
}

function applicant(id: string, pan: string | null) {
  return {
    id,
    phone: `98765${id.padStart(5, '0')}`,
    email: null,
    email_verified: 0,
    pan,
    current_step: null,
    next_step: 'pan_verification',
    rejected_steps: '{}',
    created_at: 1,
    updated_at: 1,
  };
}

describe('migration 002 (PAN checks, declaration, one account per PAN)', () => {
  it('upgrades a database that has applicants from 001', async () => {
    const db = freshDatabase();
    const onlyInitial = new Migrator({ db, provider: { getMigrations: async () => ({ '001-initial': initial }) } });
    expect((await onlyInitial.migrateToLatest()).error).toBeUndefined();
    await db.insertInto('users').values({ ...applicant('1', null), segments: '[]' } as never).execute();
    await migrateToLatest(db);
    const row = await db.selectFrom('users').selectAll().where('id', '=', '1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '9876500001', next_step: 'pan_verification' });
    expect((await db.introspection.getTables()).map((table) => table.name)).toContain('pan_checks');
  });
});

describe('migration 003 (step data stored by schema)', () => {
  it('moves personal details and the PAN record out of users into step documents', async () => {
    const db = freshDatabase();
    const upTo002 = { '001-initial': initial, '002-pan-and-personal-details': panChecks };
    expect((await new Migrator({ db, provider: { getMigrations: async () => upTo002 } }).migrateToLatest()).error).toBeUndefined();
    const old = {
      ...applicant('1', 'ABCPE1234F'),
      name: 'RAVI EAPEN',
      date_of_birth: '15/08/1990',
      gender: 'Male',
      marital_status: 'Married',
      occupation: 'Business',
      income_segment: '5-10 Lac',
      trading_experience: 'Below 1 year',
      father_name: 'Eapen',
      mother_name: 'Mary',
      segments: '["EQ","FNO"]',
      other_options_declaration: 1,
    };
    await db.insertInto('users').values([old, { ...applicant('2', null), segments: '[]' }] as never).execute();
    await migrateToLatest(db);
    expect(await findAllStepAnswers(db, '1')).toEqual({
      pan_verification: { pan: 'ABCPE1234F', name: 'RAVI EAPEN', dateOfBirth: '15/08/1990' },
      personal_details: {
        gender: 'Male',
        maritalStatus: 'Married',
        occupation: 'Business',
        incomeSegment: '5-10 Lac',
        tradingExperience: 'Below 1 year',
        fatherName: 'Eapen',
        motherName: 'Mary',
        segments: ['EQ', 'FNO'],
        otherOptionsDeclaration: true,
      },
    });
    expect(await findAllStepAnswers(db, '2')).toEqual({});
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'users')!.columns.map((column) => column.name);
    expect(columns).not.toContain('gender');
    expect(columns).toContain('pan');
  });

  it('allows many applicants without a PAN, but one PAN only once', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('users').values([applicant('1', null), applicant('2', null), applicant('3', 'ABCPE1234F')]).execute();
    await expect(db.insertInto('users').values(applicant('4', 'ABCPE1234F')).execute()).rejects.toThrow(/UNIQUE/);
  });

  it('drops pending checks with their applicant', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('users').values(applicant('1', null)).execute();
    const check = { user_id: '1', pan: 'ABCPE1234F', name: 'RAVI EAPEN', date_of_birth: '01/01/1990', checked_at: 1, expires_at: 2 };
    await db.insertInto('pan_checks').values(check).execute();
    await db.deleteFrom('users').where('id', '=', '1').execute();
    expect(await db.selectFrom('pan_checks').selectAll().execute()).toEqual([]);
  });
});

describe('migration 042 (branches filed under a bank name)', () => {
  it('moves them, and their search words, to the bank whose IFSC range they use', async () => {
    const db = bankDb(freshDatabase());
    await migrateToLatest(db);
    const branch = { bank: 'Wardha Nagri Bank', branch: 'WARDHA', address: '', city: 'WARDHA', district: '', state: '', micr: '', contact: '' };
    await db
      .insertInto('bank_branches')
      .values([
        { ...branch, ifsc: 'YESB0WNSB01', bank_code: 'Wardha Nagri Bank' },
        { ...branch, ifsc: 'APBL0001001', bank_code: 'TSDX', bank: 'Telangana State Co-operative Apex Bank' },
      ])
      .execute();
    await db
      .insertInto('bank_branch_words')
      .values([
        { bank_code: 'Wardha Nagri Bank', word: 'WARDHA', ifsc: 'YESB0WNSB01' },
        { bank_code: 'TSDX', word: 'WARDHA', ifsc: 'APBL0001001' },
      ])
      .execute();
    const migration: Migration = bankSubletCodes;
    await migration.up(db);
    const codes = async (table: 'bank_branches' | 'bank_branch_words') =>
      (await db.selectFrom(table).select(['ifsc', 'bank_code']).orderBy('ifsc').execute()).map((row) => `${row.ifsc} ${row.bank_code}`);
    expect(await codes('bank_branches')).toEqual(['APBL0001001 TSDX', 'YESB0WNSB01 YESB']);
    expect(await codes('bank_branch_words')).toEqual(['APBL0001001 TSDX', 'YESB0WNSB01 YESB']);
  });
});

describe('migration 043 (upload kinds name the file, not the step)', () => {
  it("renames stored 'signature' and 'income_proof' documents, leaves the others, and down restores them", async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('users').values(applicant('1', null) as never).execute();
    const document = (id: string, kind: string) => ({ id, user_id: '1', kind, mime: 'image/jpeg', size: 1, storage_key: `aa/${id}`, created_at: 1 });
    await db.insertInto('documents').values([document('d1', 'signature'), document('d2', 'income_proof'), document('d3', 'pan_image')]).execute();
    const kinds = async () => (await db.selectFrom('documents').select(['id', 'kind']).orderBy('id').execute()).map((row) => `${row.id} ${row.kind}`);
    const migration: Migration = uploadKindNames;
    await migration.up(db);
    expect(await kinds()).toEqual(['d1 signature_image', 'd2 income_proof_pdf', 'd3 pan_image']);
    await migration.down?.(db);
    expect(await kinds()).toEqual(['d1 signature', 'd2 income_proof', 'd3 pan_image']);
  });
});

describe('migration 060 (a nominee\'s Aadhaar number kept as its last four digits)', () => {
  it('masks every stored nominee Aadhaar number, leaves other documents and other numbers as they were', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('users').values([applicant('1', null), applicant('2', null)] as never).execute();
    const aadhaar = { firstName: 'Asha', documentType: 'aadhar_card', documentNumber: '123412341234', documentId: 'd1' };
    const pan = { firstName: 'Ravi', documentType: 'pan_card', documentNumber: 'ABCPR1234K', documentId: 'd2' };
    await saveStepAnswers(db, '1', 'nominee', { nominees: [aadhaar, pan] }, 1);
    await saveStepAnswers(db, '2', 'personal_details', { fatherName: 'aadhar_card 123412341234' }, 1);
    const migration: Migration = nomineeAadhaarLastFour;
    await migration.up(db);
    expect(await findAllStepAnswers(db, '1')).toEqual({ nominee: { nominees: [{ ...aadhaar, documentNumber: 'XXXXXXXX1234' }, pan] } });
    expect(await findAllStepAnswers(db, '2')).toEqual({ personal_details: { fatherName: 'aadhar_card 123412341234' } });
    // Run again (a second server, a re-run): nothing changes.
    await migration.up(db);
    expect((await findAllStepAnswers(db, '1')).nominee).toEqual({ nominees: [{ ...aadhaar, documentNumber: 'XXXXXXXX1234' }, pan] });
  });
});

describe('migration 114 (family members sharing a mobile number)', () => {
  it('keeps every applicant and their rows; one holder per number, any number of family members', async () => {
    const db = freshDatabase();
    const upTo113 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '114'));
    expect((await new Migrator({ db, provider: { getMigrations: async () => upTo113 } }).migrateToLatest()).error).toBeUndefined();
    await db.insertInto('users').values([applicant('1', 'ABCPE1234F'), applicant('2', null)]).execute();
    await db.insertInto('sessions').values({ id: 's1', token_hash: 'h1', user_id: '1', created_at: 1, last_seen_at: 1, expires_at: 2 }).execute();
    await saveStepAnswers(db, '1', 'pan_verification', { pan: 'ABCPE1234F' }, 1);
    await db.insertInto('audit_trail').values({ id: 'a1', user_id: '1', at: 1, actor: 'system', action: 'approve' }).execute();

    await migrateToLatest(db);
    // The rebuild of users cascaded into nothing: each child row still names its applicant.
    expect(await db.selectFrom('users').select(['id', 'phone', 'pan', 'family_of']).orderBy('id').execute()).toEqual([
      { id: '1', phone: '9876500001', pan: 'ABCPE1234F', family_of: null },
      { id: '2', phone: '9876500002', pan: null, family_of: null },
    ]);
    expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: '1' }]);
    expect(Object.keys(await findAllStepAnswers(db, '1'))).toEqual(['pan_verification']);
    expect(await db.selectFrom('audit_trail').select('user_id').execute()).toEqual([{ user_id: '1' }]);

    // One holder per number and one account per PAN still hold; a family member shares the number.
    await expect(db.insertInto('users').values({ ...applicant('3', null), phone: '9876500001' }).execute()).rejects.toThrow(/unique/i);
    await expect(db.insertInto('users').values({ ...applicant('4', 'ABCPE1234F'), phone: '9876500004' }).execute()).rejects.toThrow(/unique/i);
    await db.insertInto('users').values({ ...applicant('5', null), phone: '9876500001', family_of: '1' }).execute();
    expect(await db.selectFrom('users').select('id').where('phone', '=', '9876500001').orderBy('id').execute()).toEqual([{ id: '1' }, { id: '5' }]);
  });
});
