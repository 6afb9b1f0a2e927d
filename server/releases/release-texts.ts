import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { OpsRelease } from '../../core/api/types';
import { settingsOf } from '../../core/engine/settings';
import { loadConfig } from '../config/load-config';
import type { Database } from '../db/schema';
import { createTexts, type Texts } from '../platform/texts';
import { loadStepSchemas } from '../validation/step-schemas';
import { releaseHashAndFiles } from './repository';
import { releasesForOps } from './service';
import type { ReleaseFiles } from './snapshot';

/** The config releases as the app's features reach them (through the app context). */
export interface ReleaseLibrary {
  /** A release's texts, by number: what an applicant pinned to it was shown, in every language (null: the running config's). */
  texts(number: number | null): Promise<Texts>;
  /** GET /api/ops/releases: every release, newest first, with its open applications. */
  forOps(): Promise<OpsRelease[]>;
}

/** A release's files written out and loaded as the server loads flow-config/ (checked again: a release is never served unchecked). */
function loadReleaseTexts(files: ReleaseFiles): Texts {
  const root = mkdtempSync(join(tmpdir(), 'onboard-release-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      const file = join(root, ...path.split('/'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const stepSchemasDir = join(root, 'schemas', 'step-data');
    const config = loadConfig(join(root, 'flow-config'), { stepSchemasDir });
    return createTexts({ bundle: config, translations: config.translations, stepSchemas: loadStepSchemas(stepSchemasDir, settingsOf(config.flow)) });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The releases in `db`. Releases never change, so each one's texts are loaded once per process; the release whose hash is the running config's is the
 * running texts themselves. An application from before releases (null) reads the running texts.
 */
export function createReleaseLibrary(db: Kysely<Database>, running: { hash: string; texts: Texts }): ReleaseLibrary {
  const loaded = new Map<number, Promise<Texts>>();
  const load = async (number: number): Promise<Texts> => {
    const release = await releaseHashAndFiles(db, number);
    if (!release) throw new Error(`config release ${number} is not in the database`);
    return release.hash === running.hash ? running.texts : loadReleaseTexts(release.files());
  };
  return {
    forOps: () => releasesForOps(db, running.hash),
    texts(number) {
      if (number === null) return Promise.resolve(running.texts);
      let texts = loaded.get(number);
      if (!texts) {
        texts = load(number);
        texts.catch(() => loaded.delete(number));
        loaded.set(number, texts);
      }
      return texts;
    },
  };
}
