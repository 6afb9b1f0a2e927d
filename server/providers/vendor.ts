import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Http } from './http';
import type { SimulatorStore } from './simulator-store';
import type { ProviderConfig } from './provider-config';

/** The outside services Onboard needs; each is served by one of its vendors (registry.ts). */
export type Capability = 'sms' | 'email' | 'kra' | 'identity' | 'account-aggregator' | 'penny-drop' | 'upi-rpd' | 'ifsc';

/** One environment variable a vendor's client reads: the README's tables and the start-up errors come from these. */
export interface VendorVariable {
  name: string;
  /** Used when the variable is unset; none: unset means absent. */
  default?: string;
  /** Production cannot start this vendor without it. */
  required: boolean;
  /** A credential: never logged, never shown in the console. */
  secret?: boolean;
  /** What it is, for the README. */
  meaning: string;
}

/** The values of a vendor's variables, by name, defaults applied; blank counts as unset. */
export type VendorSettings = Readonly<Record<string, string | undefined>>;

/** What every client may use besides its settings. */
export interface ClientDeps {
  clock: () => number;
  /**
   * The one way to call the vendor over HTTP (http.ts): the call's timeout cut to the request's deadline, a size cap,
   * errors that name the vendor and no personal data. Every client method's outcome and latency are recorded for
   * GET /api/ops/providers by the registry, around the client: a vendor folder records nothing itself.
   */
  http: Http;
  /** The app's address as applicants reach it (redirects back from a vendor's page). */
  publicUrl: string;
  /** What flow-config says that providers need (SMS templates, the texts a code is worded in). */
  config: ProviderConfig;
}

/** What a simulator may use: its own state in the database (tables sim_*), the clock, the app's address. */
export interface SimulatorDeps {
  db: Kysely<Database>;
  /** This vendor's records in sim_records (simulator-store.ts): what the vendor's own database would hold. */
  store: SimulatorStore;
  clock: () => number;
  /** Simulated latency of every answer; 0 in tests and benchmarks. */
  delayMs: number;
  /** Latency of a simulator's "slow answer" special value (e.g. KRA PAN digits 9999); default 4 s. */
  slowDelayMs: number;
  /** The app's own origin as the browser reaches it, for pages of the vendor's that the applicant is sent to. */
  publicUrl: string;
  config: ProviderConfig;
}

interface SimulatorParts<Controls> {
  /** What the simulator covers (paths, errors, special values), for the README's Providers section: markdown. */
  covers?: string;
  /** This simulator's latency when SANDBOX_DELAY_MS is unset (a gateway's ~150 ms, a KRA's ~300 ms); default 150 ms. */
  defaultDelayMs?: number;
  /**
   * The simulator standing in for the vendor's panel: ids a broker registers with the vendor (SMS template ids) that
   * flow-config leaves blank, filled in for this vendor's client and simulator alike. Never applied to a live vendor.
   */
  prepareConfig?(config: ProviderConfig): ProviderConfig;
  /** Pages the vendor shows the applicant (an SDK dialog, a consent screen), mounted on the app at `/sim/<vendor>`. */
  browserRoutes?(deps: SimulatorDeps): FastifyPluginAsync;
  /** What /api/dev/... calls to act as the applicant's bank, Aadhaar or UPI app would. */
  controls?(deps: SimulatorDeps): Controls;
}

/** A vendor spoken to over HTTP: its simulator is routes on the simulators' loopback server. */
export interface HttpSimulator<Controls = unknown> extends SimulatorParts<Controls> {
  /** The vendor's API, mounted at `/<vendor>` on the simulators' loopback server. */
  routes(deps: SimulatorDeps): FastifyPluginAsync;
  /** Settings (base URL, credentials the simulator accepts) for a simulator listening at `baseUrl` (…/<vendor>). */
  settings(baseUrl: string): VendorSettings;
}

/** A vendor spoken to over another protocol (SMTP): its simulator listens on a loopback port of its own. */
export interface ServerSimulator<Controls = unknown> extends SimulatorParts<Controls> {
  listen(deps: SimulatorDeps): Promise<{ settings: VendorSettings; close(): Promise<void> }>;
}

/** The vendor's protocol on loopback, and the settings that point the production client at it. */
export type SimulatorDefinition<Controls = unknown> = HttpSimulator<Controls> | ServerSimulator<Controls>;

/** One vendor of one capability: everything the registry needs to choose, configure, simulate and document it. */
export interface VendorDefinition<Client = unknown, Controls = unknown> {
  capability: Capability;
  /** The value of the capability's `_VENDOR` variable, e.g. 'msg91'. Also the simulator's path prefix. */
  vendor: string;
  /** As the console and the README name it, e.g. 'MSG91 Flow API'. */
  title: string;
  /** The documentation the client follows. */
  docs: string[];
  variables: VendorVariable[];
  /** The production client. Settings were checked first: every required variable is there. */
  create(settings: VendorSettings, deps: ClientDeps): Client;
  simulator: SimulatorDefinition<Controls>;
}
