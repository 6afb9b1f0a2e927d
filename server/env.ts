import { join } from 'node:path';
import type { AppOptions } from './app-options';
import { providerVariableNames } from './providers/choose-providers';
import { decodeDocumentKey, decodeDocumentKeys } from './documents/uploads/document-cipher';
import type { S3StorageOptions } from './documents/uploads/s3-document-storage';

/** What server/main.ts reads from the environment; parsing is separate so it can be tested. */
export interface ServerEnv {
  port: number;
  host: string;
  app: AppOptions;
  /** SIMULATORS: the vendors' simulators in the server's process (unset, `in-process`) or in one of their own (`process`). */
  simulatorsInProcess: boolean;
}

export class EnvError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function positiveNumber(env: Env, name: string): number | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new EnvError(`${name} must be a positive number, got '${value}'`);
  return parsed;
}

function nonNegativeNumber(env: Env, name: string): number | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new EnvError(`${name} must be 0 or more, got '${value}'`);
  return parsed;
}

function port(env: Env): number {
  const value = text(env, 'PORT') ?? '3000';
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new EnvError(`PORT must be 0-65535, got '${value}'`);
  return parsed;
}

/** 'true'/'1' trusts every proxy hop; an address list (e.g. '127.0.0.1,10.0.0.0/8') trusts those. */
function trustProxy(env: Env): boolean | string {
  const value = text(env, 'TRUST_PROXY');
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}

function list(env: Env, name: string): string[] {
  return (text(env, name) ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** The named variables, trimmed; blank ones left out. */
function pick<K extends string>(env: Env, names: readonly K[]): Partial<Record<K, string>> {
  const picked: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = text(env, name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** Long enough that guessing it is hopeless; `openssl rand -hex 32` makes one. */
export const minOpsTokenLength = 32;

function opsToken(env: Env): string | undefined {
  const value = text(env, 'OPS_TOKEN');
  if (value !== undefined && (value.length < minOpsTokenLength || /\s/.test(value))) {
    throw new EnvError(`OPS_TOKEN must be at least ${minOpsTokenLength} characters without spaces (e.g. openssl rand -hex 32)`);
  }
  return value;
}

function booleanSetting(env: Env, name: string): boolean | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  if (['true', '1'].includes(value)) return true;
  if (['false', '0'].includes(value)) return false;
  throw new EnvError(`${name} must be true or false, got '${value}'`);
}

/** DOCUMENTS_S3_*: object storage for documents when DOCUMENTS_S3_BUCKET is set. */
function documentStorage(env: Env): S3StorageOptions | undefined {
  const bucket = text(env, 'DOCUMENTS_S3_BUCKET');
  const others = ['DOCUMENTS_S3_ENDPOINT', 'DOCUMENTS_S3_REGION', 'DOCUMENTS_S3_ACCESS_KEY_ID', 'DOCUMENTS_S3_SECRET_ACCESS_KEY', 'DOCUMENTS_S3_PREFIX'];
  if (!bucket) {
    const stray = others.find((name) => text(env, name) !== undefined);
    if (stray) throw new EnvError(`${stray} is set but DOCUMENTS_S3_BUCKET is not: set the bucket to store documents in object storage`);
    return undefined;
  }
  const endpoint = text(env, 'DOCUMENTS_S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new EnvError(`DOCUMENTS_S3_ENDPOINT must be an http(s) address, got '${endpoint}'`);
  const accessKeyId = text(env, 'DOCUMENTS_S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'DOCUMENTS_S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) throw new EnvError('DOCUMENTS_S3_ACCESS_KEY_ID and DOCUMENTS_S3_SECRET_ACCESS_KEY go together');
  return {
    bucket,
    endpoint,
    region: text(env, 'DOCUMENTS_S3_REGION'),
    accessKeyId,
    secretAccessKey,
    prefix: env.DOCUMENTS_S3_PREFIX?.trim() === undefined ? undefined : env.DOCUMENTS_S3_PREFIX.trim(),
    forcePathStyle: booleanSetting(env, 'DOCUMENTS_S3_FORCE_PATH_STYLE'),
  };
}

function publicUrl(env: Env): string | undefined {
  const value = text(env, 'PUBLIC_URL');
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new EnvError(`PUBLIC_URL must be an http(s) address such as https://onboard.broker.in, got '${value}'`);
  }
  return value.replace(/\/+$/, '');
}

function simulatorsInProcess(env: Env): boolean {
  const value = text(env, 'SIMULATORS') ?? 'in-process';
  if (value !== 'in-process' && value !== 'process') throw new EnvError(`SIMULATORS must be in-process or process, got '${value}'`);
  return value === 'in-process';
}

export function parseEnv(env: Env, cwd: string = process.cwd()): ServerEnv {
  const idleMinutes = positiveNumber(env, 'SESSION_IDLE_MINUTES');
  const maxHours = positiveNumber(env, 'SESSION_MAX_HOURS');
  const reviewerIdleMinutes = positiveNumber(env, 'OPS_SESSION_IDLE_MINUTES');
  const reviewerMaxHours = positiveNumber(env, 'OPS_SESSION_MAX_HOURS');
  const app: AppOptions = {
    dataDir: text(env, 'DATA_DIR') ?? join(cwd, 'data'),
    production: env.NODE_ENV === 'production',
    // Every variable the provider registry knows (the retired ones too, so the start can name their replacement).
    providerEnv: pick(env, providerVariableNames()),
    corsOrigins: list(env, 'CORS_ORIGINS'),
    trustProxy: trustProxy(env),
    limits: {
      ...(idleMinutes !== undefined ? { sessionIdleMs: idleMinutes * 60_000 } : {}),
      ...(maxHours !== undefined ? { sessionMaxMs: maxHours * 3_600_000 } : {}),
      ...(reviewerIdleMinutes !== undefined ? { reviewerSessionIdleMs: reviewerIdleMinutes * 60_000 } : {}),
      ...(reviewerMaxHours !== undefined ? { reviewerSessionMaxMs: reviewerMaxHours * 3_600_000 } : {}),
    },
  };
  // The benchmark sets 0 so it measures the server, not the sandbox gateway's simulated wait.
  const sandboxDelayMs = nonNegativeNumber(env, 'SANDBOX_DELAY_MS');
  if (sandboxDelayMs !== undefined) app.sandboxDelayMs = sandboxDelayMs;
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl) app.databaseUrl = databaseUrl;
  const documentsKey = text(env, 'DOCUMENTS_KEY');
  if (documentsKey) {
    if (!decodeDocumentKey(documentsKey)) throw new EnvError('DOCUMENTS_KEY must be base64 of exactly 32 bytes (openssl rand -base64 32)');
    app.documentsKey = documentsKey;
  }
  const otherKeys = text(env, 'DOCUMENTS_OTHER_KEYS');
  if (otherKeys) {
    if (!decodeDocumentKeys(otherKeys)) throw new EnvError('DOCUMENTS_OTHER_KEYS must be comma-separated base64 keys of exactly 32 bytes');
    app.otherDocumentsKeys = otherKeys;
  }
  const storage = documentStorage(env);
  if (storage) app.documentStorage = storage;
  const secret = text(env, 'APP_SECRET');
  if (secret) app.secret = secret;
  const retentionDays = positiveNumber(env, 'EVENTS_RETENTION_DAYS');
  if (retentionDays !== undefined) app.eventsRetentionDays = retentionDays;
  const ops = opsToken(env);
  if (ops) app.opsToken = ops;
  const listenPort = port(env);
  // Links in emails point where this server listens unless PUBLIC_URL says where applicants reach it.
  app.publicUrl = publicUrl(env) ?? `http://localhost:${listenPort}`;
  return { port: listenPort, host: text(env, 'HOST') ?? '0.0.0.0', app, simulatorsInProcess: simulatorsInProcess(env) };
}
