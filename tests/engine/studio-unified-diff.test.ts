import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../core/studio/unified-diff';

/** The studio's patch of a release (core/studio/unified-diff.ts): what `git apply` reads, checked by git itself. */

let repo: string | undefined;
afterEach(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
  repo = undefined;
});

function applied(from: Record<string, string>, to: Record<string, string>): Record<string, string> {
  repo = mkdtempSync(join(tmpdir(), 'onboard-diff-'));
  const root = repo;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  git('init', '-q');
  for (const [path, text] of Object.entries(from)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  git('add', '-A');
  git('commit', '-qm', 'before', '--allow-empty');
  writeFileSync(join(root, '.patch'), unifiedDiff(from, to));
  git('apply', '--check', '.patch');
  git('apply', '.patch');
  rmSync(join(root, '.patch'));
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes(`${root}/.git`));
  return Object.fromEntries(files.map((entry) => [relative(root, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), 'utf8')]));
}

const lines = (count: number, changed: Record<number, string> = {}) => Array.from({ length: count }, (_, index) => changed[index] ?? `line ${index + 1}`).join('\n') + '\n';

describe('a release as a patch', () => {
  it.each([
    ['one line changed in a long file', { 'a.json': lines(200) }, { 'a.json': lines(200, { 100: 'changed' }) }],
    ['changes far apart (two hunks) and near (one)', { 'a.json': lines(60) }, { 'a.json': lines(60, { 2: 'x', 5: 'y', 40: 'z' }) }],
    ['lines added and removed', { 'a.json': lines(20) }, { 'a.json': lines(10) + 'new 1\nnew 2\n' + lines(20).split('\n').slice(12).join('\n') }],
    ['a new file in a new folder', { 'a.json': 'a\n' }, { 'a.json': 'a\n', 'flow-config/pages/new.json': '{\n  "x": 1\n}\n' }],
    ['a file removed', { 'a.json': 'a\n', 'b.json': 'b\nc\n' }, { 'a.json': 'a\n' }],
    ['no newline at the end, before or after', { 'a.json': 'a\nb', 'c.json': 'c\n' }, { 'a.json': 'a\nb\n', 'c.json': 'c\nd' }],
    ['Hindi words', { 'hi.json': '{ "title": "अपना PAN सत्यापित करें" }\n' }, { 'hi.json': '{ "title": "अपना PAN जाँचें" }\n' }],
  ])('%s: git apply makes the files the release', (_name, from, to) => {
    expect(applied(from, to)).toEqual(to);
  });

  it('is empty when nothing changed, and names each changed file as git does', () => {
    expect(unifiedDiff({ 'a.json': 'a\n' }, { 'a.json': 'a\n' })).toBe('');
    expect(unifiedDiff({ 'a.json': 'a\n' }, { 'a.json': 'b\n' })).toBe('diff --git a/a.json b/a.json\n--- a/a.json\n+++ b/a.json\n@@ -1 +1 @@\n-a\n+b\n');
  });
});
