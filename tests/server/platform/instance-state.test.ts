import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { sharedSecretMessage } from '../../../server/app-options';
import { filesUnder } from '../upload-fixtures';

/** What must agree between instances of the app does not live in one process's memory (see two-instances.test.ts). */
describe('state shared by instances', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('two instances of the penny drop simulator at the same instant give different references (no per-process counter)', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 0, 15));
    const { cashfreeSimulatorCredentials } = await import('../../../server/providers/cashfree-shared');
    const references: unknown[] = [];
    for (let instance = 0; instance < 2; instance += 1) {
      vi.resetModules();
      const { cashfreeBavRoutes } = await import('../../../server/providers/penny-drop/cashfree/simulator');
      const simulator = Fastify({ logger: false });
      await simulator.register(cashfreeBavRoutes({ delayMs: 0 }));
      const answer = await simulator.inject({
        method: 'POST',
        url: '/verification/bank-account/sync',
        headers: { 'x-client-id': cashfreeSimulatorCredentials.clientId, 'x-client-secret': cashfreeSimulatorCredentials.clientSecret },
        payload: { bank_account: '50100123456789', ifsc: 'HDFC0000001', name: 'SNEHA SHARMA' },
      });
      references.push(answer.json<{ reference_id: unknown }>().reference_id);
      await simulator.close();
    }
    expect(references[0]).toEqual(expect.any(Number));
    expect(references[0]).not.toBe(references[1]);
  });

  it('production on PostgreSQL without APP_SECRET refuses to start, before connecting or writing anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onboard-secret-'));
    try {
      const options = { dataDir, production: true, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', documentsKey: Buffer.alloc(32, 1).toString('base64') };
      await expect(buildApp(options)).rejects.toThrow(sharedSecretMessage);
      expect(filesUnder(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
