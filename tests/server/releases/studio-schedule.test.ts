import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { StudioDraftList, StudioDraftView, StudioTextList } from '../../../core/api/types';
import { buildApp } from '../../../server/app';
import { type Refusal, withStudio } from './studio-fixtures';
import { bearer, opsCall, opsToken, publicUrl } from '../ops-fixtures';
import { reviewerTime } from '../../../core/engine/reviewer-time';
import { createDatabase } from '../../../server/db/database';
import type { ConfigDraftRow } from '../../../server/db/schema';
import { claimDraft, findDraft } from '../../../server/releases/studio/repository';
import { createStudio, publishLeaseMs } from '../../../server/releases/studio/service';
import { makeRelease } from '../../../server/releases/service';
import { snapshotHash } from '../../../server/releases/snapshot';

/**
 * Issue 31, publishing at a chosen time: an approver approves a proposed draft to publish at a time to come; the draft
 * and the list say when; an approver may take it back; when the time comes the draft is published as the next release
 * by exactly one of the instances sharing the database (each claims it by a conditional update), or, if it can no
 * longer be published, goes back to waiting with the reason in its history.
 */

const { studio, newDraft } = withStudio();
// Short of the console's idle limit: the signed-in editor and approver stay signed in across it.
const soon = 5 * 60 * 1000;

/** A proposed draft with one heading reworded; returns it as the approver sees it. */
async function proposed(purpose: string, words: string): Promise<StudioDraftView> {
  const draft = await newDraft(purpose);
  const id = draft.draft.id;
  const found = await opsCall<StudioTextList>(studio.t, 'GET', `/api/ops/studio/drafts/${id}/texts?q=${encodeURIComponent('Page /verify-pan › heading')}`, undefined, bearer(studio.editor));
  const heading = found.body.texts.find(({ where }) => where === 'Page /verify-pan › heading');
  const edited = await opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${id}/words`, { textId: heading?.id, language: 'en', words, version: 1 }, bearer(studio.editor));
  const hindi = await opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${id}/words`, { textId: heading?.id, language: 'hi', words: `${words} (हिन्दी)`, version: edited.body.draft.version }, bearer(studio.editor));
  const made = await opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${id}/propose`, { version: hindi.body.draft.version }, bearer(studio.editor));
  expect(made.body.draft.status).toBe('proposed');
  return made.body;
}

const approveAt = (view: StudioDraftView, at: number, note?: string, token = studio.approver) =>
  opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${view.draft.id}/approve`, { version: view.draft.version, at: new Date(at).toISOString(), ...(note ? { note } : {}) }, bearer(token));
const list = async (app: FastifyInstance = studio.t.app) =>
  (await app.inject({ method: 'GET', url: '/api/ops/studio/drafts', headers: bearer(opsToken) })).json<StudioDraftList>();
const historyOf = (view: StudioDraftView) => view.history.map(({ actor, action, note }) => [actor, action, note]);

describe('publishing a draft at a chosen time', () => {
  it('is set by an approver for a time to come, shown in the draft and the list, and taken back by an approver', async () => {
    const draft = await proposed('Plainer PAN heading', 'Check your PAN');
    const at = studio.t.clock.now + 2 * soon;
    const past = await approveAt(draft, studio.t.clock.now - 1000);
    expect([past.status, (past.body as unknown as Refusal).message]).toEqual([400, 'choose a time still to come to publish at']);
    const byEditor = await approveAt(draft, at, undefined, studio.editor);
    expect(byEditor.status).toBe(403);

    const set = await approveAt(draft, at, "With Monday's release notes");
    expect(set.status).toBe(200);
    expect(set.body.draft).toMatchObject({ status: 'scheduled', publishAt: new Date(at).toISOString(), publishedRelease: null });
    expect(historyOf(set.body).at(-1)).toEqual(['neha.approver@broker.test', 'scheduled', `Publishes at ${reviewerTime(at)}: With Monday's release notes`]);
    expect((await list()).drafts.find(({ id }) => id === draft.draft.id)).toMatchObject({ status: 'scheduled', publishAt: new Date(at).toISOString() });

    const byEditorCancel = await opsCall(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/cancel-schedule`, { version: set.body.draft.version }, bearer(studio.editor));
    expect(byEditorCancel.status).toBe(403);
    const cancelled = await opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/cancel-schedule`, { version: set.body.draft.version, note: 'Wait for legal' }, bearer(studio.approver));
    expect(cancelled.body.draft).toMatchObject({ status: 'proposed', publishAt: null });
    expect(historyOf(cancelled.body).at(-1)).toEqual(['neha.approver@broker.test', 'unscheduled', 'Wait for legal']);
    const again = await opsCall(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/cancel-schedule`, { version: cancelled.body.draft.version }, bearer(studio.approver));
    expect([again.status, (again.body as Refusal).message]).toEqual([409, 'this draft is not set to publish at a time']);
    // Sent back instead, it is the editor's again.
    await opsCall(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/send-back`, { version: cancelled.body.draft.version, note: 'Later' }, bearer(studio.approver));
  });

  it('publishes when its time comes, by exactly one of two instances on the database, as the approver who set it', async () => {
    const draft = await proposed('Clearer PAN heading', 'Confirm your PAN');
    const at = studio.t.clock.now + soon;
    const set = await approveAt(draft, at);
    expect(set.body.draft.status).toBe('scheduled');
    const { current: before, all: { length: releasesBefore } } = (await list()).releases;
    expect((await list()).drafts.find(({ id }) => id === draft.draft.id)?.status).toBe('scheduled');

    // A second instance of the server on the same database, with the same clock.
    const other = await buildApp({
      dataDir: studio.t.dir,
      ...(studio.t.databaseUrl ? { databaseUrl: studio.t.databaseUrl } : {}),
      clock: () => studio.t.clock.now,
      sandboxDelayMs: 0,
      secret: 'test-secret',
      staticDir: join(studio.t.dir, 'no-client-build'),
      bank: { branchSnapshot: false },
      sweepIntervalMs: 0,
      opsToken,
      publicUrl,
    });
    try {
      studio.t.clock.advance(soon);
      // Both look for due drafts at once: one claims the draft and publishes it (the other may see it 'publishing').
      await Promise.all([list(), list(other)]);
      const [one, two] = await Promise.all([list(), list(other)]);
      const published = [one, two].map(({ drafts }) => drafts.find(({ id }) => id === draft.draft.id));
      expect(published.map((shown) => [shown?.status, shown?.publishedRelease])).toEqual([
        ['published', (before ?? 0) + 1],
        ['published', (before ?? 0) + 1],
      ]);
      expect([one.releases.current, one.releases.all.length]).toEqual([(before ?? 0) + 1, releasesBefore + 1]);
    } finally {
      await other.close();
    }
    const view = await opsCall<StudioDraftView>(studio.t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}`, undefined, bearer(studio.editor));
    expect(historyOf(view.body).slice(-2)).toEqual([
      ['neha.approver@broker.test', 'scheduled', `Publishes at ${reviewerTime(at)}`],
      ['neha.approver@broker.test', 'published', `release ${(before ?? 0) + 1}: at the time set`],
    ]);
  });

  it('goes back to waiting for approval, the reason in its history, when another release came first', async () => {
    const later = await proposed('PAN heading, later', 'Your PAN, please');
    const sooner = await proposed('PAN heading, sooner', 'Your PAN');
    const at = studio.t.clock.now + soon;
    expect((await approveAt(later, at)).body.draft.status).toBe('scheduled');
    const now = await opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${sooner.draft.id}/approve`, { version: sooner.draft.version }, bearer(studio.approver));
    const number = now.body.draft.publishedRelease;
    expect(number).not.toBeNull();
    studio.t.clock.advance(soon);
    const view = await opsCall<StudioDraftView>(studio.t, 'GET', `/api/ops/studio/drafts/${later.draft.id}`, undefined, bearer(studio.approver));
    expect(view.body.draft).toMatchObject({ status: 'proposed', publishAt: null, publishedRelease: null });
    expect(historyOf(view.body).at(-1)).toEqual(['neha.approver@broker.test', 'publishFailed', `release ${number} was published after this draft began; make a new draft from it`]);
  });
});

/**
 * An instance that claimed a draft and stopped before finishing: its claim is made here as the instance makes it
 * (claimDraft on the app's database), and nothing follows it.
 */
describe('a draft left publishing by an instance that stopped', () => {
  const handles: ReturnType<typeof createDatabase>[] = [];
  const database = () => {
    const db = createDatabase({ dataDir: studio.t.dir, databaseUrl: studio.t.databaseUrl });
    handles.push(db);
    return db;
  };
  afterAll(() => Promise.all(handles.map((db) => db.destroy())));
  /**
   * A proposed draft approved for `soon`, with the clock moved to that time (no instance has looked since); returns its
   * row and the releases before it.
   */
  const due = async (purpose: string, words: string) => {
    const draft = await proposed(purpose, words);
    expect((await approveAt(draft, studio.t.clock.now + soon)).body.draft.status).toBe('scheduled');
    const { all: releases, current } = (await list()).releases;
    studio.t.clock.advance(soon);
    return { row: (await findDraft(database(), draft.draft.id)) as ConfigDraftRow, releases, current };
  };
  /** Two instances claim `row` at once: exactly one gets it. */
  const claimRace = async (row: ConfigDraftRow) => {
    const claims = await Promise.all([database(), database()].map((db) => claimDraft(db, row, studio.t.clock.now, publishLeaseMs, studio.t.clock.now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  };
  const shown = async (id: string) => {
    const listed = await list();
    return [listed.drafts.find((draft) => draft.id === id)?.status, listed.drafts.find((draft) => draft.id === id)?.publishedRelease, listed.releases.all.length];
  };
  const history = async (id: string) => historyOf((await opsCall<StudioDraftView>(studio.t, 'GET', `/api/ops/studio/drafts/${id}`, undefined, bearer(opsToken))).body);

  it('is published by another instance once its claim is older than the lease, not before', async () => {
    const { row, releases, current } = await due('PAN heading, claimed then stopped', 'Enter your PAN');
    // Two instances claim it at once and the winner stops.
    await claimRace(row);
    expect(await shown(row.id)).toEqual(['publishing', null, releases.length]);
    studio.t.clock.advance(publishLeaseMs - 1000);
    expect(await shown(row.id)).toEqual(['publishing', null, releases.length]);
    studio.t.clock.advance(1000);
    expect(await shown(row.id)).toEqual(['published', (current ?? 0) + 1, releases.length + 1]);
    expect((await history(row.id)).at(-1)).toEqual(['neha.approver@broker.test', 'published', `release ${(current ?? 0) + 1}: at the time set`]);
  });

  it('whose release was made before it stopped is marked published as that release, not published again', async () => {
    const { row, releases, current } = await due('PAN heading, released then stopped', 'Type your PAN');
    const db = database();
    expect(await claimDraft(db, row, studio.t.clock.now, publishLeaseMs, studio.t.clock.now)).toBe(true);
    // The stopped instance got as far as the release.
    const { files } = await createStudio({ db, stamp: () => studio.t.clock.now, now: () => studio.t.clock.now, checkOptions: { production: false }, scheduledNote: String }).files(row.id);
    const sorted = Object.fromEntries(Object.keys(files).sort().map((path) => [path, files[path] as string]));
    const made = await makeRelease(db, { files: sorted, hash: snapshotHash(sorted) }, 'neha.approver@broker.test', studio.t.clock.now);
    expect(made.release.number).toBe((current ?? 0) + 1);
    studio.t.clock.advance(publishLeaseMs);
    // Taken over by two instances at once: exactly one claims it, and this one stops too (before looking).
    await claimRace((await findDraft(db, row.id)) as ConfigDraftRow);
    expect(await shown(row.id)).toEqual(['publishing', null, releases.length + 1]);
    studio.t.clock.advance(publishLeaseMs);
    expect(await shown(row.id)).toEqual(['published', made.release.number, releases.length + 1]);
    expect((await history(row.id)).at(-1)).toEqual(['neha.approver@broker.test', 'published', `release ${made.release.number}: at the time set, taken over from an instance that stopped`]);
  });
});
