import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

describe('the embedded database', () => {
  it('creates DATA_DIR, runs in WAL with synchronous=NORMAL (see sqlite-durability.test.ts) and foreign keys, and migrates idempotently', async () => {
    const root = mkdtempSync(join(tmpdir(), 'onboard-db-'));
    const db = createDatabase({ dataDir: join(root, 'fresh', 'data') });
    try {
      await migrateToLatest(db);
      await migrateToLatest(db);
      const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(db)).rows[0];
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('synchronous')).toEqual({ synchronous: 1 });
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
      const tables = await db.introspection.getTables();
      expect(tables.map((table) => table.name).sort()).toEqual([
        'acknowledgement_releases', 'acknowledgements', 'analytics_events', 'applicant_turns', 'audit_trail', 'bank_branch_words', 'bank_branches', 'config_draft_events', 'config_drafts', 'config_releases', 'consents', 'contact_declarations', 'document_passwords',
        'documents', 'erasure_log', 'help_requests', 'identity_requests', 'income_declarations', 'income_proofs', 'message_sends', 'otp_challenges', 'outbox', 'pan_checks', 'rectification_deadlines', 'reference_data_versions',
        'reviewed_answers', 'reviewer_sessions', 'reviewers', 'rpd_requests', 'sandbox_media', 'sandbox_requests', 'sequences', 'sessions', 'sim_records', 'step_data', 'users',
      ]);
      const insertOrphan = db
        .insertInto('sessions')
        .values({ id: 's', token_hash: 'h', user_id: 'nobody', created_at: 1, last_seen_at: 1, expires_at: 2, revoked_at: null })
        .execute();
      await expect(insertOrphan).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await db.destroy();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
