import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/schema';
import { codeReader, createOutboxRecorder, listOutbox } from '../../../server/providers/simulated-outbox';
import type { ProviderConfig } from '../../../server/providers/provider-config';

let db: Kysely<Database>;
const dir = mkdtempSync(join(tmpdir(), 'onboard-outbox-'));
let now = Date.parse('2025-01-15T10:00:00.000Z');
const config: Pick<ProviderConfig, 'codeTexts'> = { codeTexts: ['Your code is {code}. Valid {minutes} minutes.'] };

beforeAll(async () => {
  db = createDatabase({ dataDir: dir });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the outbox the simulators deliver into', () => {
  it('lists one recipient\'s messages newest first with ISO times; codes read from their texts', async () => {
    const deliver = createOutboxRecorder({ db, clock: () => now, config });
    await deliver({ channel: 'sms', to: '9876543210', text: 'Your code is 1111. Valid 10 minutes.' });
    now += 1000;
    await deliver({ channel: 'sms', to: '9123456789', text: 'Your code is 2222. Valid 10 minutes.' });
    now += 1000;
    await deliver({ channel: 'sms', to: '9876543210', text: 'Your code is 3333. Valid 10 minutes.' });
    expect(await listOutbox(db, '9876543210')).toEqual([
      { channel: 'sms', to: '9876543210', text: 'Your code is 3333. Valid 10 minutes.', code: '3333', sentAt: '2025-01-15T10:00:02.000Z' },
      { channel: 'sms', to: '9876543210', text: 'Your code is 1111. Valid 10 minutes.', code: '1111', sentAt: '2025-01-15T10:00:00.000Z' },
    ]);
    expect(await listOutbox(db, '9000000000')).toEqual([]);
  });

  it('keeps newest first exact within one millisecond; addresses match without case; the limit keeps the newest', async () => {
    const deliver = createOutboxRecorder({ db, clock: () => now, config });
    for (const code of ['4001', '4002', '4003']) await deliver({ channel: 'email', to: 'Ravi.K@Gmail.com', text: `Your code is ${code}. Valid 1 minutes.` });
    expect((await listOutbox(db, 'ravi.k@gmail.com')).map((entry) => entry.code)).toEqual(['4003', '4002', '4001']);
    for (let i = 0; i < 55; i += 1) await deliver({ channel: 'sms', to: '9876500000', text: `message ${i}`, code: String(1000 + i) });
    expect(await listOutbox(db, '9876500000')).toHaveLength(50);
    expect((await listOutbox(db, '9876500000', 3)).map((m) => m.code)).toEqual(['1054', '1053', '1052']);
  });

  it('codeReader: only the {code} of a known text, never any number', () => {
    const read = codeReader(['Your code is {code}. Valid {minutes} minutes.', 'आपका कोड {code} है।']);
    expect([read('Your code is 4821. Valid 10 minutes.'), read('आपका कोड 7390 है।'), read('Approved on 15/01/2026, ref 123456')]).toEqual(['4821', '7390', null]);
  });
});
