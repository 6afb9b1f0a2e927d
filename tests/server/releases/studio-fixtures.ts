import { afterAll, beforeAll } from 'vitest';
import type { StudioDraftView } from '../../../core/api/types';
import type { TestApp } from '../helpers';
import { bearer, opsCall, signInReviewer, startOpsApp } from '../ops-fixtures';

/** A refusal's body. */
export type Refusal = { message: string };

/**
 * The studio's API tests' app: a real app with an editor and an approver signed in, started before the file's tests
 * and closed after them; `newDraft` starts a draft as the editor.
 */
export function withStudio() {
  const studio = {} as { t: TestApp; editor: string; approver: string };
  beforeAll(async () => {
    studio.t = await startOpsApp();
    studio.editor = await signInReviewer(studio.t, 'priya.editor@broker.test', 'editor');
    studio.approver = await signInReviewer(studio.t, 'neha.approver@broker.test', 'approver');
  });
  afterAll(() => studio.t.close());
  const newDraft = async (purpose: string) => (await opsCall<StudioDraftView>(studio.t, 'POST', '/api/ops/studio/drafts', { purpose }, bearer(studio.editor))).body;
  return { studio, newDraft };
}
