import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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

/** The values of a vendor's variables, by name; blank counts as unset. */
export type VendorSettings = Readonly<Record<string, string | undefined>>;

/** What every client may use besides its settings. */
export interface ClientDeps {
  clock: () => number;
  /** Where each call's outcome and latency go (GET /api/ops/providers). */
  stats: CallRecorder;
  /** The app's address as applicants reach it (redirects back from a vendor's page). */
  publicUrl: string;
}

/** Records one call to a vendor: its outcome and how long it took. */
export interface CallRecorder {
  record(call: { capability: Capability; vendor: string; ok: boolean; ms: number; error?: string }): void;
}

/** What a simulator may use: its own state in the database (tables sim_*), the clock, the app's address. */
export interface SimulatorDeps {
  db: Kysely<Database>;
  clock: () => number;
  /** Simulated latency of every answer; 0 in tests and benchmarks. */
  delayMs: number;
  /** The app's own origin as the browser reaches it, for pages of the vendor's that the applicant is sent to. */
  publicUrl: string;
}

/** The vendor's protocol on loopback, and the settings that point the production client at it. */
export interface SimulatorDefinition<Controls = unknown> {
  /** The vendor's API, mounted at `/<vendor>` on the simulators' loopback server. */
  routes(deps: SimulatorDeps): FastifyPluginAsync;
  /** Settings (base URL, credentials the simulator accepts) for a simulator listening at `baseUrl`. */
  settings(baseUrl: string): VendorSettings;
  /** Pages the vendor shows the applicant (an SDK dialog, a consent screen), mounted on the app at `/sim/<vendor>`. */
  browserRoutes?(deps: SimulatorDeps): FastifyPluginAsync;
  /** What /api/dev/... calls to act as the applicant's bank, Aadhaar or UPI app would. */
  controls?(deps: SimulatorDeps): Controls;
}

/** One vendor of one capability: everything the registry needs to choose, configure, simulate and document it. */
export interface VendorDefinition<Client = unknown, Controls = unknown> {
  capability: Capability;
  /** The value of the capability's `_VENDOR` variable, e.g. 'msg91'. */
  vendor: string;
  /** As the console and the README name it, e.g. 'MSG91 Flow API'. */
  title: string;
  /** The documentation the client follows. */
  docs: string[];
  variables: VendorVariable[];
  create(settings: VendorSettings, deps: ClientDeps): Client;
  simulator: SimulatorDefinition<Controls>;
}
