import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ProviderConfig } from './provider-config';
import { createSimulatorStore } from './simulator-store';
import type { SimulatorDeps, VendorDefinition } from './vendor';

/** What every simulator of one start shares: the database its records live in, the clock, the app's address, the delays. */
export interface SimulatorBase {
  db: Kysely<Database>;
  clock: () => number;
  publicUrl: string;
  config: ProviderConfig;
  /** SANDBOX_DELAY_MS; each simulator's own default when unset. */
  delayMs: number | undefined;
  /** Latency of the slow special values; 4 s when unset. */
  slowDelayMs: number | undefined;
}

const defaultSlowDelayMs = 4_000;
const defaultSimulatorDelayMs = 150;

/** One vendor's simulator deps: its own records, its latency, its view of the config. */
export function simulatorDepsOf(vendor: VendorDefinition, base: SimulatorBase): SimulatorDeps {
  return {
    db: base.db,
    store: createSimulatorStore(base.db, vendor.vendor, base.clock),
    clock: base.clock,
    delayMs: Math.max(0, base.delayMs ?? vendor.simulator.defaultDelayMs ?? defaultSimulatorDelayMs),
    slowDelayMs: Math.max(0, base.slowDelayMs ?? defaultSlowDelayMs),
    publicUrl: base.publicUrl,
    config: vendor.simulator.prepareConfig?.(base.config) ?? base.config,
  };
}
