import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpsReleaseList, StudioDraftView, StudioTextList } from '../../../core/api/types';
import { readyMarker } from '../../../server/releases/client-build';
import type { TestApp } from '../helpers';
import { bearer, opsCall, signInReviewer, startOpsApp } from '../ops-fixtures';

/**
 * Issue 29 meets 31: a release the studio publishes has its browser client built at once (new sign-ups start on it
 * when that is done), not when the next visitor happens to come. The build is a stand-in: the real one is
 * tests/e2e/release-client.e2e.ts's.
 */

let t: TestApp;
let dir: string;
const built: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onboard-studio-build-'));
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><p>release 1</p>');
  t = await startOpsApp({
    staticDir,
    clientReleasesDir: join(dir, 'releases'),
    buildReleaseClients: true,
    releaseClientBuilder: async ({ root, hash }) => {
      built.push(hash);
      mkdirSync(join(root, hash), { recursive: true });
      writeFileSync(join(root, hash, 'index.html'), `<!doctype html><p>${hash}</p>`);
      writeFileSync(join(root, hash, readyMarker), '{}');
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

it("an approver's publishing starts the new release's client build; the release lists its client as ready once built", async () => {
  const editor = await signInReviewer(t, 'priya.editor@broker.test', 'editor');
  const approver = await signInReviewer(t, 'neha.approver@broker.test', 'approver');
  const draft = (await opsCall<StudioDraftView>(t, 'POST', '/api/ops/studio/drafts', { purpose: 'Shorter PAN heading' }, bearer(editor))).body;
  const texts = await opsCall<StudioTextList>(t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}/texts?q=${encodeURIComponent('Verify your PAN')}`, undefined, bearer(editor));
  const heading = texts.body.texts.find(({ where }) => where === 'Page /verify-pan › heading');
  expect(heading).toBeDefined();
  const words = (language: string, value: string, version: number) =>
    opsCall<StudioDraftView>(t, 'PUT', `/api/ops/studio/drafts/${draft.draft.id}/words`, { textId: heading?.id, language, words: value, version }, bearer(editor));
  expect((await words('en', 'Check your PAN', 1)).status).toBe(200);
  expect((await words('hi', 'अपना PAN जाँचें', 2)).status).toBe(200);
  expect((await opsCall(t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/propose`, { version: 3 }, bearer(editor))).status).toBe(200);
  const before = built.length;
  const approved = await opsCall<StudioDraftView>(t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/approve`, { version: 4 }, bearer(approver));
  expect(approved.status).toBe(200);

  const published = approved.body.draft.publishedRelease;
  const release = async () => (await opsCall<OpsReleaseList>(t, 'GET', '/api/ops/releases')).body.releases.find(({ number }) => number === published);
  await expect.poll(async () => (await release())?.client, { timeout: 5000 }).toBe('ready');
  expect(built.slice(before)).toEqual([(await release())?.hash]);
});
