import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ProviderError } from '../provider-error';
import type { AccountAggregator } from './account-aggregator';
import { createSetuAggregator, setuAggregatorName } from './http-setu-aggregator';
import { type SandboxAggregatorOptions, createSandboxAccountAggregator } from './sandbox-account-aggregator';

/** The environment variables that choose the account aggregator. */
export interface AggregatorEnv {
  /** Setu FIU API base URL; the sandbox when unset. */
  AA_BASE_URL?: string | undefined;
  AA_CLIENT_ID?: string | undefined;
  AA_CLIENT_SECRET?: string | undefined;
  AA_PRODUCT_INSTANCE_ID?: string | undefined;
  /** Absolute URL of this app's /income-proof/callback. */
  AA_REDIRECT_URL?: string | undefined;
}

const setting = (value: string | undefined) => value?.trim() || undefined;

/** Setu when AA_BASE_URL is set (then credentials and the redirect URL are required), else the sandbox. */
export function createAccountAggregator(
  env: AggregatorEnv,
  sandbox: { db: Kysely<Database>; clock: () => number } & SandboxAggregatorOptions,
  timeoutMs?: number,
): AccountAggregator {
  const base = setting(env.AA_BASE_URL);
  if (!base) return createSandboxAccountAggregator(sandbox.db, sandbox.clock, { delayMs: sandbox.delayMs, redirectUrl: sandbox.redirectUrl });
  const required = (name: keyof AggregatorEnv): string => {
    const value = setting(env[name]);
    if (!value) throw new ProviderError(setuAggregatorName, `${name} is required with AA_BASE_URL`);
    return value;
  };
  return createSetuAggregator({
    baseUrl: base,
    clientId: required('AA_CLIENT_ID'),
    clientSecret: required('AA_CLIENT_SECRET'),
    productInstanceId: required('AA_PRODUCT_INSTANCE_ID'),
    redirectUrl: required('AA_REDIRECT_URL'),
    clock: sandbox.clock,
    timeoutMs,
  });
}
