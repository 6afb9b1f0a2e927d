import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identitySdk } from '../../../server/providers/identity/digio/sdk-hosts';
import { type TestApp, get, startTestApp } from '../helpers';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

const digioEnv = (base: string) => ({
  DIGIO_CLIENT_ID: 'client',
  DIGIO_CLIENT_SECRET: 'secret',
  DIGIO_BASE_URL: base,
  DIGIO_KYC_TEMPLATE: 'TMP_KYC',
  DIGIO_SELFIE_TEMPLATE: 'TMP_SELFIE',
  DIGIO_ESIGN_TEMPLATES: 'kra_form=TMP_KRA,account_opening_form=TMP_AOF',
});

const sandboxSdk = 'https://ext-gateway.digio.in/sdk/v11/digio.js';
const productionSdk = 'https://app.digio.in/sdk/v11/digio.js';

describe("Digio's Web SDK: which script, which environment, which origins", () => {
  it.each([
    ['https://ext-api.digio.in', sandboxSdk, 'sandbox'],
    ['https://ext.digio.in:444', sandboxSdk, 'sandbox'],
    ['https://api.digio.in', productionSdk, 'production'],
    ['https://digio-proxy.broker.in', productionSdk, 'production'],
  ])('DIGIO_BASE_URL %s: %s (%s)', (base, url, environment) => {
    expect(identitySdk(base, undefined)).toMatchObject({ url, environment });
  });

  it("the sandbox SDK may reach its gateway (script, frames, calls) and Digio's sandbox API (calls); production likewise", () => {
    expect(identitySdk('https://ext-api.digio.in', undefined).origins).toEqual({
      script: ['https://ext-gateway.digio.in'],
      frame: ['https://ext-gateway.digio.in'],
      connect: ['https://ext-gateway.digio.in', 'https://ext-api.digio.in'],
    });
    expect(identitySdk('https://api.digio.in', undefined).origins).toEqual({
      script: ['https://app.digio.in'],
      frame: ['https://app.digio.in'],
      connect: ['https://app.digio.in', 'https://api.digio.in'],
    });
  });

  it("DIGIO_SDK_URL: a path on the app's own origin (the simulator's) needs no origin; another https host is allowed alone", () => {
    expect(identitySdk('http://127.0.0.1:4000/digio', '/sim/digio/sdk/v11/digio.js')).toEqual({
      url: '/sim/digio/sdk/v11/digio.js',
      environment: 'sandbox',
      origins: { script: [], frame: [], connect: [] },
    });
    expect(identitySdk('https://api.digio.in', 'https://cdn.broker.in/digio/v12/digio.js')).toMatchObject({
      environment: 'production',
      origins: { script: ['https://cdn.broker.in'], frame: ['https://cdn.broker.in'], connect: ['https://cdn.broker.in'] },
    });
    expect(() => identitySdk('https://api.digio.in', 'http://cdn.broker.in/digio.js')).toThrow(/https/);
    expect(() => identitySdk('https://api.digio.in', '//cdn.broker.in/digio.js')).toThrow(/neither/);
  });
});

describe('the Content Security Policy', () => {
  describe("with Digio configured on its sandbox API (ext-api.digio.in)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ providerEnv: digioEnv('https://ext-api.digio.in') });
    });
    afterAll(() => t.close());

    it("lets Digio's sandbox SDK load its script, open its frames and make its calls, and nothing else", async () => {
      const policy = directives(String((await get(t.app, '/api/health')).headers['content-security-policy']));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://ext-gateway.digio.in']);
      expect(policy.get('frame-src')).toEqual(["'self'", 'https://ext-gateway.digio.in']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://ext-gateway.digio.in', 'https://ext-api.digio.in']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    });
  });

  describe('with Digio in production (the default API)', () => {
    let t: TestApp;
    beforeAll(async () => {
      const { DIGIO_BASE_URL: _unset, ...env } = digioEnv('');
      t = await startTestApp({ providerEnv: env });
    });
    afterAll(() => t.close());

    it("allows app.digio.in (and api.digio.in for calls), never Digio's sandbox hosts", async () => {
      const policy = directives(String((await get(t.app, '/api/health')).headers['content-security-policy']));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://app.digio.in']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://app.digio.in', 'https://api.digio.in']);
    });
  });

  describe("with Digio's simulator (nothing configured)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it("adds no origin and no frame-src: the simulator's SDK is served from the app's own origin", async () => {
      const policy = directives(String((await get(t.app, '/api/health')).headers['content-security-policy']));
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.has('frame-src')).toBe(false);
      expect((await get(t.app, '/sim/digio/sdk/v11/digio.js')).statusCode).toBe(200);
    });
  });
});
