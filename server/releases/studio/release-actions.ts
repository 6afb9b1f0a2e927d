import { randomUUID } from 'node:crypto';
import { unifiedDiff } from '../../../core/studio/unified-diff';
import { ConfigError } from '../../config/load-config';
import { ApiError } from '../../errors';
import { loadConfigFiles } from '../config-from-files';
import { newestRelease, releaseHashAndFiles } from '../repository';
import { ReleaseRefused, makeRelease } from '../service';
import { insertDraft, recordDraftEvent, updateDraft } from './repository';
import { type StudioDeps, changedFiles } from './service';

/**
 * What an approver does with releases themselves (issue 31): roll back (a new release equal to an earlier one, under
 * the same release rules as any other, recorded in the studio as a published draft with its history), and download a
 * release as a patch against the files the server runs, for the repository.
 */

export interface ReleaseActionsDeps extends StudioDeps {
  /** The number of a release whose files are the ones this server was started with (its checkout), if any. */
  runningRelease: () => Promise<number | null>;
}

export function createReleaseActions(deps: ReleaseActionsDeps) {
  const { db } = deps;
  const filesOr404 = async (number: number) => {
    const found = await releaseHashAndFiles(db, number);
    if (!found) throw new ApiError(404, 'studio.releaseNotFound');
    return found.files();
  };

  return {
    /**
     * A new release with the files of release `number`: the config check and the release check (no open application
     * stranded) apply as to any release; a release of wording alone takes the newest release's open applications along.
     * Returns the draft that records it.
     */
    async rollback(actor: string, number: number, note: string): Promise<string> {
      const earlier = await releaseHashAndFiles(db, number);
      if (!earlier) throw new ApiError(404, 'studio.releaseNotFound');
      const files = earlier.files();
      const newest = await newestRelease(db);
      if (!newest || newest.hash === earlier.hash) throw new ApiError(409, 'studio.rollbackToNewest');
      let flow;
      try {
        flow = loadConfigFiles(files, (config) => config.flow, deps.checkOptions);
      } catch (error) {
        if (error instanceof ConfigError) throw new ApiError(409, 'studio.hasProblems');
        throw error;
      }
      const base = await filesOr404(newest.number);
      let made;
      try {
        made = await makeRelease(db, { files, hash: earlier.hash }, actor, deps.stamp(), { flow });
      } catch (error) {
        if (error instanceof ReleaseRefused) throw new ApiError(409, 'studio.strands', { count: error.stranded.reduce((sum, { applications }) => sum + applications.length, 0) });
        throw error;
      }
      const purpose = `Rollback to release ${number}`;
      const now = deps.stamp();
      const id = randomUUID();
      await insertDraft(db, { id, author: actor, purpose, base_release: newest.number, created_at: now, updated_at: now });
      await updateDraft(db, id, 1, { changes: JSON.stringify(changedFiles(base, files)), status: 'published', published_release: made.release.number }, deps.stamp());
      await recordDraftEvent(db, { draftId: id, at: now, actor, action: 'created', note: purpose });
      await recordDraftEvent(db, { draftId: id, at: deps.stamp(), actor, action: 'rolledBack', note: note ? `release ${made.release.number}: ${note}` : `release ${made.release.number}` });
      return id;
    },

    /** Release `number` as a patch (git's unified diff) against the files this server runs: `git apply` writes it into a checkout. */
    async patch(number: number): Promise<{ name: string; patch: string }> {
      const files = await filesOr404(number);
      const running = await deps.runningRelease();
      if (running === null) throw new ApiError(409, 'studio.noRunningRelease');
      return { name: `config-release-${number}.patch`, patch: unifiedDiff(await filesOr404(running), files) };
    },
  };
}
