import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { checkPdf } from '../../server/documents/uploads/pdf/pdf-check';
import { createSandboxIdentityProvider, setSandboxIdentityOutcome } from '../../server/providers/digio/sandbox-identity-provider';
import { ProviderError } from '../../server/providers/provider-error';
import { type TestApp, captureLogs, get, post, startTestApp } from './helpers';

describe('sandbox identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('hands out a signed PDF only once the document is approved in the widget', async () => {
    const dbOfApp = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const sandbox = createSandboxIdentityProvider(dbOfApp, Date.now, { delayMs: 0 });
      const applicant = { identifier: '9876500001', name: null, reference: 'u1' };
      const { requestId } = await sandbox.startSigning({ key: 'kra_form', name: 'KRA Form', values: {} }, applicant);
      await expect(sandbox.downloadSigned(requestId)).rejects.toBeInstanceOf(ProviderError);
      await setSandboxIdentityOutcome(dbOfApp, Date.now, requestId, 'approve');
      expect(await sandbox.signingStatus(requestId)).toMatchObject({ state: 'approved' });
      expect(await checkPdf(await sandbox.downloadSigned(requestId))).toMatchObject({ kind: 'ok', pages: 1 });
      await expect(sandbox.workflowStatus('kyc', 'KID-unknown')).rejects.toThrow(/request not found/);
    } finally {
      await dbOfApp.destroy();
    }
  });
});

describe('production mode', () => {
  const { stream, text } = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ production: true, documentsKey: Buffer.alloc(32, 7).toString('base64'), logger: { level: 'warn', stream } });
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/dev/identity/KID1/approve'],
    ['POST', '/api/dev/identity/KID1/cancel'],
    ['POST', '/api/dev/aa/0f0e0d0c-aaaa-bbbb-cccc-123456789abc/approve'],
    ['GET', '/dev/aa/consent/0f0e0d0c-aaaa-bbbb-cccc-123456789abc'],
    ['POST', '/dev/aa/consent/0f0e0d0c-aaaa-bbbb-cccc-123456789abc/approve'],
  ])('%s %s does not exist (404)', async (method, url) => {
    const response = method === 'GET' ? await get(t.app, url) : await post(t.app, url, undefined);
    expect(response.statusCode).toBe(404);
  });

  it('warns that the identity provider and the aggregator are sandboxes', () => {
    expect(text()).toContain('production mode with the sandbox identity provider');
    expect(text()).toContain('production mode with the sandbox account aggregator');
  });
});
