import type { Kysely } from 'kysely';
import { type BankOptions, type BankServices, createBank } from './bank/create-bank';
import type { Database } from './db/schema';
import type { WidgetOrigins } from './platform/security';
import type { ProviderConfig } from './providers/provider-config';
import type { CapabilityClients, ProviderEnv } from './providers/registry';
import { type Providers, type StartProvidersOptions, startProviders } from './providers/start-providers';

/** Which vendor serves each outside service: given by a test, else chosen by the environment, else its simulator. */
export interface ProviderOptions {
  /** The providers' variables (SMS_VENDOR, MSG91_*, KRA_VENDOR, ...; server/providers/registry.ts): none set, simulators. */
  providerEnv?: ProviderEnv;
  /** Clients given outright, replacing the choice for their capability (tests of a failing vendor). */
  providers?: Partial<CapabilityClients>;
  /** SANDBOX_DELAY_MS: the simulators' latency; each simulator's default when unset, 0 in tests. */
  sandboxDelayMs?: number;
  /** Latency of the simulators' slow special values (KRA PAN digits 9999); default 4 s. */
  sandboxSlowDelayMs?: number;
  /** Bank linking: branch snapshot (false: none), how long a UPI request waits. */
  bank?: BankOptions;
  /**
   * SIMULATORS=process: the simulators run in a child process of this bundle (main.ts passes its own file), so the
   * server's CPU is its own; unset, they run in this process.
   */
  simulatorsProcessEntry?: string;
}

export interface ProviderSetup {
  db: Kysely<Database>;
  clock: () => number;
  production: boolean;
  /** The app's address as applicants reach it (vendors send the browser and their webhooks back there). */
  publicUrl: string;
  /** What flow-config says that providers need (texts, SMS templates). */
  config: ProviderConfig;
  /** Where the simulators run when not in this process (simulator-process.ts). */
  runSimulators?: StartProvidersOptions['runSimulators'] | undefined;
}

/** Every capability's provider (server/providers/registry.ts), and the bank's services built on three of them. */
export interface AppProviders extends Providers {
  bank: BankServices;
  /** Origins the identity vendor's Web SDK loads from, for the Content Security Policy. */
  widgetOrigins: WidgetOrigins;
  /** For the app's log once it exists: capabilities on an old sandbox in production, the bank's snapshot loaded. */
  startupNotes: { level: 'info' | 'warn'; message: string }[];
}

/**
 * Every provider of the app, after the database is migrated (the simulators keep their state in it). A provider
 * setting that cannot work throws here, with nothing left open.
 */
export async function createProviders(options: ProviderOptions, setup: ProviderSetup): Promise<AppProviders> {
  const { db, clock, production, publicUrl, config, runSimulators } = setup;
  const providers = await startProviders({
    db,
    clock,
    production,
    publicUrl,
    env: options.providerEnv ?? {},
    config,
    delayMs: options.sandboxDelayMs,
    slowDelayMs: options.sandboxSlowDelayMs,
    given: options.providers,
    ...(runSimulators ? { runSimulators } : {}),
  });
  const { clients } = providers;
  let bank: BankServices;
  try {
    bank = await createBank(db, options.bank ?? {}, { clock, pennyDrop: clients['penny-drop'], ifscLookup: clients.ifsc, rpd: clients['upi-rpd'] });
  } catch (error) {
    await providers.close();
    throw error;
  }
  return {
    ...providers,
    bank,
    widgetOrigins: clients.identity.sdk.origins,
    startupNotes: bank.startupNotes,
  };
}
