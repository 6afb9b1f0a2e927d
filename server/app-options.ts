import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { repoRoot } from './config/config-dirs';
import type { AppContext } from './context';
import type { buildReleaseClient } from './releases/client-build';
import type { S3StorageOptions } from './documents/uploads/s3-document-storage';
import type { Limits } from './limits';
import type { AppLoggerOptions } from './platform/log-masking';
import type { ProviderOptions } from './provider-setup';

/** What buildApp takes: main.ts fills it from the environment (env.ts), tests set what they need. */
export interface AppOptions extends ProviderOptions {
  /** Folder for the SQLite file and the generated secret; default ./data. */
  dataDir?: string;
  /** PostgreSQL connection string; SQLite when unset. */
  databaseUrl?: string;
  /** flow-config folder; default the repository's. Tests pass a modified copy. */
  configDir?: string;
  /** Production mode: HSTS, no sandbox outbox routes. */
  production?: boolean;
  /** Milliseconds since the epoch; tests move time with it. */
  clock?: () => number;
  /** schemas/step-data folder; default the repository's. Tests pass a modified copy. */
  stepSchemasDir?: string;
  /** Built client to serve; served only when the folder exists. Default dist/. */
  staticDir?: string;
  /** Where each config release's browser client is built (server/releases/client-build.ts); default dist-releases/. */
  clientReleasesDir?: string;
  /** Whether the server builds a missing release client itself (npm start does); tests build the ones they need. */
  buildReleaseClients?: boolean;
  /** What builds a release's client (default: `vite build` in a child process); tests stand in for it. */
  releaseClientBuilder?: typeof buildReleaseClient;
  /** false (default) for silence; true or pino options (with `stream`) for masked logs. */
  logger?: boolean | AppLoggerOptions;
  /** Key for OTP hashes; else DATA_DIR/secret, generated once. */
  secret?: string;
  limits?: Partial<Limits>;
  /** Origins allowed to call the API from another origin; none by default. */
  corsOrigins?: string[];
  /** Fastify's trustProxy: set behind a reverse proxy so the per-IP cap sees the client's IP. */
  trustProxy?: boolean | string;
  /** DOCUMENTS_KEY: base64 of 32 bytes, the key for documents at rest. Required in production and with S3; else DATA_DIR/documents.key. */
  documentsKey?: string;
  /** DOCUMENTS_OTHER_KEYS: comma-separated keys that open documents but never seal (key rotation). */
  otherDocumentsKeys?: string;
  /** DOCUMENTS_S3_*: documents in an S3-compatible bucket (shared by every instance); default DATA_DIR/documents. */
  documentStorage?: S3StorageOptions;
  /** Tests add signed-in probe routes here (e.g. one exercising the upload pipeline). */
  extraSignedInRoutes?: ((ctx: AppContext) => FastifyPluginAsync)[];
  /** OPS_TOKEN: bearer token of the back office's API (/api/ops); unset, that API does not exist (404). */
  opsToken?: string;
  /** PUBLIC_URL: the app's address as applicants reach it, for links in emails; default http://localhost:3000. */
  publicUrl?: string;
  /** EVENTS_RETENTION_DAYS: funnel events older than this are swept (at start and every 6 hours); default 90. */
  eventsRetentionDays?: number;
  /** How often the rectification sweep (reminders, expiries) runs in this server; default hourly, 0 never. */
  sweepIntervalMs?: number;
}

/** Where the API hangs: every route of it under /api. */
export const apiPrefix = '/api';

export const defaultSweepIntervalMs = 60 * 60_000;

export const defaultPublicUrl = 'http://localhost:3000';

export const sharedSecretMessage =
  'APP_SECRET is required in production with DATABASE_URL: every instance on the database must hash OTP codes with the same key (openssl rand -hex 32)';

/** Maximum JSON body; upload routes set their own limit per upload kind. */
export const jsonBodyLimit = 1024 * 1024;
export const defaultStaticDir = join(repoRoot, 'dist');
