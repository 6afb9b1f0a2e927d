import type { Kysely } from 'kysely';
import type { OpsRelease } from '../../core/api/types';
import { settingsOf } from '../../core/engine/settings';
import type { LoadedConfig } from '../config/load-config';
import { loadConfigFiles } from './config-from-files';
import type { Database } from '../db/schema';
import { createTexts, type Texts } from '../platform/texts';
import { type StepSchemaFile, loadStepSchemas } from '../validation/step-schemas';
import { newestRelease, openApplicationsByRelease, releaseHashAndFiles } from './repository';
import { releasesForOps } from './service';
import type { ReleaseFiles } from './snapshot';

/** A stored release's config as the server loads flow-config/ and schemas/: checked again, its texts in every language. */
export interface LoadedRelease {
  config: LoadedConfig;
  stepSchemas: StepSchemaFile[];
  texts: Texts;
}

/**
 * The config releases as the app's features reach them (through the app context). `Served` is what serves an
 * application pinned to a release (the app context with that release's flow, step rules, validators and texts).
 */
export interface ReleaseLibrary<Served = unknown> {
  /** A release's texts, by number: what an applicant pinned to it was shown, in every language (null: the running config's). */
  texts(number: number | null): Promise<Texts>;
  /** What serves an application pinned to release `number` (null: from before releases, the running config). Built once per release. */
  serving(number: number | null): Promise<Served>;
  /** The release new sign-ups are pinned to (the newest whose browser client is built), and what serves it. */
  newest(): Promise<{ number: number | null; served: Served }>;
  /**
   * At start-up: builds what serves every release with open applications, so no applicant's request waits for a
   * compile. A release that cannot be loaded is listed with its problem (its applicants' requests fail until fixed).
   */
  prepareOpen(): Promise<{ prepared: number[]; failed: { number: number; problem: string }[] }>;
  /** GET /api/ops/releases: every release, newest first, with its open applications. */
  forOps(): Promise<OpsRelease[]>;
  /**
   * Starts building release `number`'s browser client now, when the server builds clients (a release just published:
   * new sign-ups start on it once it is built). Otherwise the first visitor after the release starts it.
   */
  buildClient(number: number): void;
}

/**
 * A release's files written out and loaded as the server loads flow-config/ (checked again: a release is never served
 * unchecked). Every language's translated schemas are read before the folder is removed (LanguageTexts reads them lazily).
 */
export function loadRelease(files: ReleaseFiles): LoadedRelease {
  return loadConfigFiles(files, (config, stepSchemasDir) => {
    const stepSchemas = loadStepSchemas(stepSchemasDir, settingsOf(config.flow));
    const texts = createTexts({ bundle: config, translations: config.translations, stepSchemas });
    for (const { code } of texts.languages.languages) texts.in(code).stepSchemas();
    return { config, stepSchemas, texts };
  });
}

interface Running<Served> {
  /** The running config's hash: a release with it is served by what the server built at start, never compiled again. */
  hash: string;
  texts: Texts;
  /** The release new sign-ups start on, when not simply the newest (the newest whose browser client is built). */
  newest?: () => Promise<number | null>;
  /** Whether a release's browser client is built (GET /api/ops/releases). */
  clientStatus?: (hash: string) => OpsRelease['client'];
  /** Builds a release's browser client (client-releases.ts). */
  buildClient?: (number: number) => void;
  served: () => Served;
  /** What serves a stored release other than the running config (its validators compiled once). */
  serve: (release: LoadedRelease) => Served;
}

/** Keeps one promise per key; a failed one is forgotten, so the next request tries again. */
function onePerKey<T>(load: (key: number) => Promise<T>): (key: number) => Promise<T> {
  const kept = new Map<number, Promise<T>>();
  return (key) => {
    let value = kept.get(key);
    if (!value) {
      value = load(key);
      value.catch(() => kept.delete(key));
      kept.set(key, value);
    }
    return value;
  };
}

/**
 * The releases in `db`. Releases never change, so each one is loaded once per process, and what serves it is built
 * once, when first asked (or at start for the releases open applications are on); the release whose hash is the
 * running config's is the running texts and context themselves. An application from before releases (null) is served
 * by the running config.
 */
export function createReleaseLibrary<Served>(db: Kysely<Database>, running: Running<Served>): ReleaseLibrary<Served> {
  const loaded = onePerKey(async (number): Promise<LoadedRelease | 'running'> => {
    const release = await releaseHashAndFiles(db, number);
    if (!release) throw new Error(`config release ${number} is not in the database`);
    return release.hash === running.hash ? 'running' : loadRelease(release.files());
  });
  const served = onePerKey(async (number) => {
    const release = await loaded(number);
    return release === 'running' ? running.served() : running.serve(release);
  });
  const library: ReleaseLibrary<Served> = {
    forOps: () => releasesForOps(db, running.hash, running.clientStatus),
    buildClient: (number) => running.buildClient?.(number),
    async texts(number) {
      const release = number === null ? 'running' : await loaded(number);
      return release === 'running' ? running.texts : release.texts;
    },
    serving: (number) => (number === null ? Promise.resolve(running.served()) : served(number)),
    async newest() {
      const number = running.newest ? await running.newest() : ((await newestRelease(db))?.number ?? null);
      return { number, served: await library.serving(number) };
    },
    async prepareOpen() {
      const open = [...(await openApplicationsByRelease(db)).keys()].sort((a, b) => a - b);
      const outcomes = await Promise.allSettled(open.map((number) => served(number)));
      const failed = outcomes.flatMap((outcome, at) => (outcome.status === 'rejected' ? [{ number: open[at] as number, problem: String(outcome.reason) }] : []));
      return { prepared: open.filter((number) => !failed.some((failure) => failure.number === number)), failed };
    },
  };
  return library;
}
