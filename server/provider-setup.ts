import type { Kysely } from 'kysely';
import { type BankOptions, type BankServices, createBank } from './bank/create-bank';
import type { Database } from './db/schema';
import { type AggregatorEnv, createAccountAggregator } from './providers/account-aggregator/create-account-aggregator';
import type { AccountAggregator } from './providers/account-aggregator/account-aggregator';
import { sandboxAggregatorName } from './providers/account-aggregator/sandbox-account-aggregator';
import { createMessageProviders, type MessageProviderEnv } from './providers/create-message-providers';
import { type IdentityEnv, createIdentityProvider } from './providers/digio/create-identity-provider';
import type { IdentityProvider } from './providers/digio/identity-provider';
import { sandboxIdentityName } from './providers/digio/sandbox-identity-provider';
import { identityWidgetOrigins } from './providers/digio/widget-origins';
import type { MessageProvider } from './providers/messages';
import { type PanKraEnv, createPanRegistry } from './providers/pan-kra/create-pan-registry';
import type { PanRegistry } from './providers/pan-kra/pan-registry';
import { sandboxPanRegistryName } from './providers/pan-kra/sandbox-pan-registry';
import { sandboxProviderName } from './providers/sandbox-messages';

/** Which provider serves each outside service: given by a test, else chosen by its environment, else the sandbox. */
export interface ProviderOptions {
  sms?: MessageProvider;
  email?: MessageProvider;
  /** Chooses real providers when sms/email are not given (SMTP_URL, SMS_GATEWAY_URL, ...). */
  messageEnv?: MessageProviderEnv;
  /** Sandbox provider latency (messages and PAN registry); the providers' default when unset, 0 in tests. */
  sandboxDelayMs?: number;
  /** Latency of the sandbox PAN registry's slow trigger (digits 9999); default 4 s. */
  sandboxSlowDelayMs?: number;
  /** PAN/KRA registry; when unset, chosen by panKraEnv (PAN_KRA_URL, PAN_KRA_TOKEN), else the sandbox. */
  panRegistry?: PanRegistry;
  panKraEnv?: PanKraEnv;
  /** Identity widget provider (KYC, selfie, eSign); when unset, chosen by identityEnv (DIGIO_*), else the sandbox. */
  identityProvider?: IdentityProvider;
  identityEnv?: IdentityEnv;
  /** Account aggregator for income proof; when unset, chosen by aggregatorEnv (AA_*), else the sandbox. */
  accountAggregator?: AccountAggregator;
  aggregatorEnv?: AggregatorEnv;
  /** Bank linking: branch snapshot (false: none), providers, their environment. */
  bank?: BankOptions;
}

export interface ProviderSetup {
  db: Kysely<Database>;
  clock: () => number;
  production: boolean;
}

export interface Providers {
  panRegistry: PanRegistry;
  identityProvider: IdentityProvider;
  accountAggregator: AccountAggregator;
  bank: BankServices;
  sms: MessageProvider;
  email: MessageProvider;
  /** Origins the identity widget loads from, for the Content Security Policy. */
  widgetOrigins: string[];
  /** For the app's log once it exists: a sandbox in production, the bank's snapshot loaded. */
  startupNotes: { level: 'info' | 'warn'; message: string }[];
  /** Lets go of the providers' connections; the app calls it on close. */
  close(): Promise<void>;
}

/** Every provider of the app, after the database is migrated (the sandboxes keep their state in it). Throws on a broken setting. */
export async function createProviders(options: ProviderOptions, { db, clock, production }: ProviderSetup): Promise<Providers> {
  const panRegistry =
    options.panRegistry ??
    createPanRegistry(options.panKraEnv ?? {}, { delayMs: options.sandboxDelayMs, slowDelayMs: options.sandboxSlowDelayMs });
  // A broken DIGIO_*/AA_* setting fails start-up here.
  const sandbox = { db, clock, delayMs: options.sandboxDelayMs };
  const identityProvider = options.identityProvider ?? createIdentityProvider(options.identityEnv ?? {}, sandbox);
  const accountAggregator = options.accountAggregator ?? createAccountAggregator(options.aggregatorEnv ?? {}, sandbox);
  const bank = await createBank(db, options.bank ?? {}, { production, clock, sandboxDelayMs: options.sandboxDelayMs });
  const providers = createMessageProviders(options.messageEnv ?? {}, db, clock, { sandboxDelayMs: options.sandboxDelayMs });
  const sms = options.sms ?? providers.sms;
  const email = options.email ?? providers.email;

  const warnings: string[] = [];
  if (production && [sms, email].some((provider) => provider.name === sandboxProviderName)) {
    warnings.push('production mode with a sandbox message provider: codes are recorded, not delivered');
  }
  if (production && panRegistry.name === sandboxPanRegistryName) {
    warnings.push('production mode with the sandbox PAN registry: PANs are not checked with the KRA');
  }
  if (production && identityProvider.name === sandboxIdentityName) {
    warnings.push('production mode with the sandbox identity provider: KYC, selfie and eSign are not real');
  }
  if (production && accountAggregator.name === sandboxAggregatorName) {
    warnings.push('production mode with the sandbox account aggregator: income is not verified');
  }
  return {
    panRegistry,
    identityProvider,
    accountAggregator,
    bank,
    sms,
    email,
    widgetOrigins: identityWidgetOrigins(identityProvider.widget),
    startupNotes: [...warnings.map((message) => ({ level: 'warn' as const, message })), ...bank.startupNotes],
    close: async () => {
      await Promise.allSettled([...new Set([sms, email])].map((provider) => provider.close?.()));
    },
  };
}
