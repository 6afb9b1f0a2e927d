import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityWidgetOrigins } from '../../server/providers/digio/widget-origins';
import { type TestApp, get, startTestApp } from './helpers';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

const digioEnv = {
  DIGIO_CLIENT_ID: 'client',
  DIGIO_CLIENT_SECRET: 'secret',
  DIGIO_BASE_URL: 'https://ext.digio.in:444',
  DIGIO_KYC_TEMPLATE: 'TMP_KYC',
  DIGIO_SELFIE_TEMPLATE: 'TMP_SELFIE',
  DIGIO_ESIGN_TEMPLATES: 'kra_form=TMP_KRA,account_opening_form=TMP_AOF',
};

describe('identity widget origins in the Content Security Policy', () => {
  it.each([
    [{ kind: 'sandbox', environment: 'sandbox' }, []],
    [{ kind: 'digio', environment: 'production' }, ['https://app.digio.in']],
    [{ kind: 'digio', environment: 'sandbox' }, ['https://app.digio.in', 'https://ext.digio.in']],
  ] as const)('%j → %j', (widget, origins) => {
    expect(identityWidgetOrigins(widget)).toEqual(origins);
  });

  describe('with Digio configured (its sandbox environment)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ providerEnv: digioEnv });
    });
    afterAll(() => t.close());

    it("lets Digio's SDK load its script, open its frames and make its calls, and nothing else", async () => {
      const policy = directives(String((await get(t.app, '/api/health')).headers['content-security-policy']));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://app.digio.in', 'https://ext.digio.in']);
      expect(policy.get('frame-src')).toEqual(["'self'", 'https://app.digio.in', 'https://ext.digio.in']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://app.digio.in', 'https://ext.digio.in']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    });
  });

  describe('with the sandbox widget (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('adds no origin and no frame-src', async () => {
      const policy = directives(String((await get(t.app, '/api/health')).headers['content-security-policy']));
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.has('frame-src')).toBe(false);
    });
  });
});
