import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Choices, chooseProviders } from './choose-providers';
import { createHttp } from './http';
import type { ProviderConfig } from './provider-config';
import { type ProviderFigures, type ProviderStats, createProviderStats, instrumentClient } from './provider-stats';
import { type CapabilityClients, type CapabilityControls, type ProviderEnv, type Registry, capabilities, registry as defaultRegistry } from './registry';
import { simulatorDepsOf } from './simulator-deps';
import { type RunningSimulators, type SimulatedVendor, simulatorPages, startSimulators } from './simulators';
import type { Capability, ClientDeps, VendorDefinition, VendorSettings } from './vendor';

/** The one call provider-setup.ts makes for app.ts: every capability's client, chosen, configured, simulated where nothing is set. */

export interface StartProvidersOptions {
  db: Kysely<Database>;
  clock: () => number;
  production: boolean;
  /** The app's address as applicants reach it. */
  publicUrl: string;
  /** The environment's provider variables (server/env.ts passes every one the registry names). */
  env: ProviderEnv;
  config: ProviderConfig;
  /** SANDBOX_DELAY_MS: every simulator's latency; each simulator's own default when unset. */
  delayMs?: number | undefined;
  /** Latency of the simulators' "slow answer" special values; default 4 s. */
  slowDelayMs?: number | undefined;
  /** Clients given outright (tests of a failing vendor): they replace the choice for their capability. */
  given?: Partial<CapabilityClients>;
  registry?: Registry;
  /** Where the simulators run: in this process by default; simulator-process.ts runs them in a child. */
  runSimulators?: (vendors: readonly SimulatedVendor[]) => Promise<RunningSimulators>;
}

/** One capability's provider as the back office shows it. */
export interface ActiveProvider {
  capability: Capability;
  title: string;
  vendor: string;
  vendorTitle: string;
  mode: 'live' | 'simulator' | 'given';
}

export interface ProviderStatus extends ActiveProvider, Omit<ProviderFigures, 'capability' | 'vendor'> {}

export interface Providers {
  clients: CapabilityClients;
  /** The simulated vendors' controls, for /api/dev/... (absent for a capability that is live or has none). */
  controls: Partial<CapabilityControls>;
  active: readonly ActiveProvider[];
  /** Each capability's provider with its figures of the last hour (GET /api/ops/providers). */
  status(): ProviderStatus[];
  stats: ProviderStats;
  /** The simulated vendors' pages, for the app to mount under /sim/<vendor> outside production. */
  simulatorPages: FastifyPluginAsync;
  close(): Promise<void>;
}

export async function startProviders(options: StartProvidersOptions): Promise<Providers> {
  const registry = options.registry ?? defaultRegistry;
  const given = new Set(capabilities.filter((capability) => options.given?.[capability] !== undefined));
  const choices: Choices = chooseProviders(options.env, options.production, registry, given);
  const stats = createProviderStats(options.clock);
  const simulated: SimulatedVendor[] = [];
  const base = { db: options.db, clock: options.clock, publicUrl: options.publicUrl, config: options.config, delayMs: options.delayMs, slowDelayMs: options.slowDelayMs };
  for (const capability of capabilities) {
    const choice = choices[capability];
    if (choice.mode === 'simulator' && !options.given?.[capability]) simulated.push({ definition: choice.vendor, deps: simulatorDepsOf(choice.vendor, base) });
  }
  const running = await (options.runSimulators ?? startSimulators)(simulated);
  try {
    const clientDeps = (vendor: VendorDefinition, config: ProviderConfig): ClientDeps => ({
      clock: options.clock,
      http: createHttp(vendor.vendor),
      publicUrl: options.publicUrl,
      config,
    });
    const clients: Partial<Record<Capability, object>> = {};
    const controls: Partial<Record<Capability, unknown>> = {};
    const active: ActiveProvider[] = [];
    const closers: (() => Promise<void> | void)[] = [];
    const record = (capability: Capability, vendor: string) => (call: { ok: boolean; ms: number; error?: string }) =>
      stats.record({ capability, vendor, ...call });

    for (const capability of capabilities) {
      const entry = registry[capability];
      const choice = choices[capability];
      const given = options.given?.[capability];
      const create = (definition: VendorDefinition, settings: VendorSettings, config = options.config) =>
        definition.create(settings, clientDeps(definition, config)) as object;
      let client: object;
      let shown: Omit<ActiveProvider, 'capability' | 'title'>;
      if (given) {
        client = given;
        const name = 'name' in given && typeof given.name === 'string' ? given.name : 'given';
        shown = { vendor: name, vendorTitle: name, mode: 'given' };
      } else if (choice.mode === 'live') {
        client = create(choice.vendor, choice.settings);
        if (choice.fallback && entry.fallback) {
          const second = instrumentClient(create(choice.fallback.vendor, choice.fallback.settings), record(capability, choice.fallback.vendor.vendor));
          const first = instrumentClient(client, record(capability, choice.vendor.vendor));
          client = (entry.fallback.combine as (a: object, b: object) => object)(first, second);
        }
        shown = { vendor: choice.vendor.vendor, vendorTitle: choice.vendor.title, mode: 'live' };
      } else if (choice.mode === 'simulator') {
        const deps = simulated.find((one) => one.definition === choice.vendor)?.deps;
        client = create(choice.vendor, running.settings.get(choice.vendor) ?? {}, deps?.config);
        if (deps && choice.vendor.simulator.controls) controls[capability] = choice.vendor.simulator.controls(deps);
        shown = { vendor: choice.vendor.vendor, vendorTitle: choice.vendor.title, mode: 'simulator' };
      } else {
        throw new Error(`${entry.title}: handed over as given, but no client was given`);
      }
      const closable = client as { close?: () => Promise<void> | void };
      if (typeof closable.close === 'function') closers.push(() => closable.close?.());
      // A fallback pair records each vendor's calls itself; any other client is timed here.
      clients[capability] = choice.mode === 'live' && choice.fallback && !given ? client : instrumentClient(client, record(capability, shown.vendor));
      active.push({ capability, title: entry.title, ...shown });
    }

    return {
      clients: clients as unknown as CapabilityClients,
      controls: controls as Partial<CapabilityControls>,
      active,
      stats,
      status() {
        const figures = stats.figures(active);
        return active.map((provider) => {
          const found = figures.find((one) => one.capability === provider.capability && one.vendor === provider.vendor);
          const { capability: _capability, vendor: _vendor, ...rest } = found ?? { capability: provider.capability, vendor: provider.vendor, calls: 0, errors: 0, errorRate: 0, p95Ms: null, lastSuccessAt: null, lastError: null };
          return { ...provider, ...rest };
        });
      },
      simulatorPages: simulatorPages(simulated),
      async close() {
        // Clients first (an SMTP pool), then the simulators they talk to.
        await Promise.allSettled([...new Set(closers)].map((close) => close()));
        await running.close();
      },
    };
  } catch (error) {
    await running.close();
    throw error;
  }
}
