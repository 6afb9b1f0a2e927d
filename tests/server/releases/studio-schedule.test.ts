import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StudioDraftList, StudioDraftView, StudioTextList } from '../../../core/api/types';
import { buildApp } from '../../../server/app';
import { type Refusal, withStudio } from './studio-fixtures';
import { bearer, opsCall, opsToken, publicUrl } from '../ops-fixtures';

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
    expect(historyOf(set.body).at(-1)).toEqual(['neha.approver@broker.test', 'scheduled', `publishes at ${new Date(at).toISOString()}: With Monday's release notes`]);
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
      ['neha.approver@broker.test', 'scheduled', `publishes at ${new Date(at).toISOString()}`],
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
