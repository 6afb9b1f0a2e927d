import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../server/env';
import { loadAppSecret } from '../../../server/platform/app-secret';

describe('parseEnv', () => {
  it('has working defaults for a laptop', () => {
    const env = parseEnv({}, '/srv/onboard');
    expect(env.port).toBe(3000);
    expect(env.host).toBe('0.0.0.0');
    expect(env.app).toMatchObject({ dataDir: '/srv/onboard/data', production: false, corsOrigins: [], trustProxy: false, limits: {} });
    expect(env.app.databaseUrl).toBeUndefined();
    expect(env.app.secret).toBeUndefined();
  });

  it('reads every documented variable', () => {
    const env = parseEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/onboard',
      DATABASE_URL: 'postgres://u:p@db/onboard',
      NODE_ENV: 'production',
      APP_SECRET: 's3cret',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Onboard <no-reply@broker.example>',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 't',
      TRUST_PROXY: 'true',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(env).toMatchObject({ port: 8080, host: '127.0.0.1' });
    expect(env.app).toMatchObject({
      dataDir: '/var/lib/onboard',
      databaseUrl: 'postgres://u:p@db/onboard',
      production: true,
      secret: 's3cret',
      trustProxy: true,
      corsOrigins: ['https://a.example', 'https://b.example'],
      limits: { sessionIdleMs: 15 * 60_000, sessionMaxMs: 8 * 3_600_000 },
      providerEnv: {
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Onboard <no-reply@broker.example>',
        SMS_GATEWAY_URL: 'https://sms.example/send',
        SMS_GATEWAY_TOKEN: 't',
      },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be 0-65535'],
    [{ PORT: '70000' }, 'PORT must be 0-65535'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a positive number'],
    [{ SESSION_MAX_HOURS: 'x' }, 'SESSION_MAX_HOURS must be a positive number'],
  ])('rejects %j', (env, message) => {
    expect(() => parseEnv(env)).toThrow(EnvError);
    expect(() => parseEnv(env)).toThrow(message);
  });

  it('passes every provider variable the registry names, retired ones included (the start names their replacement)', () => {
    expect(parseEnv({ PAN_KRA_URL: 'https://kra.example/lookup', PAN_KRA_TOKEN: 'k', UNRELATED: 'x' }).app.providerEnv).toEqual({
      PAN_KRA_URL: 'https://kra.example/lookup',
      PAN_KRA_TOKEN: 'k',
    });
    expect(parseEnv({ PAN_KRA_URL: ' ' }).app.providerEnv).toEqual({});
  });

  it('passes an address list through TRUST_PROXY and treats blanks as unset', () => {
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).app.trustProxy).toBe('10.0.0.0/8');
    expect(parseEnv({ TRUST_PROXY: 'false', DATABASE_URL: '  ' }).app).toMatchObject({ trustProxy: false });
    expect(parseEnv({ DATABASE_URL: '  ' }).app.databaseUrl).toBeUndefined();
  });
});

describe('loadAppSecret', () => {
  it('prefers APP_SECRET, else creates DATA_DIR/secret once with mode 0600 and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'onboard-secret-'));
    try {
      expect(loadAppSecret(dir, 'given')).toBe('given');
      const created = loadAppSecret(join(dir, 'nested'));
      expect(created).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(statSync(join(dir, 'nested', 'secret')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'nested', 'secret'), 'utf8').trim()).toBe(created);
      expect(loadAppSecret(join(dir, 'nested'))).toBe(created);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
