import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBranchSnapshot } from '../../server/bank/branch-snapshot';
import { repoRoot } from '../../server/config/load-config';
import { buildBranchSnapshot } from '../../scripts/build-branch-snapshot';

describe('npm run data:build-branch-snapshot from a fresh clone', () => {
  it('with no file, rebuilds the shipped snapshot from itself: the same content, so the same version', () => {
    const out = mkdtempSync(join(tmpdir(), 'onboard-snapshot-'));
    try {
      const built = buildBranchSnapshot(findBranchSnapshot(), out);
      expect(readdirSync(out)).toEqual([basename(findBranchSnapshot())]);
      expect(built.branches).toBeGreaterThan(100_000);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('a file that is not there: a clear message and exit 1, and the shipped snapshot untouched', () => {
    const shipped = findBranchSnapshot();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-branch-snapshot.ts', '/no/such/branches.csv'], { cwd: repoRoot, encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({
      status: 1,
      stderr: "/no/such/branches.csv does not exist: give a branch file (ours, or Razorpay's IFSC.csv), or none to rebuild the shipped snapshot",
    });
    expect(findBranchSnapshot()).toBe(shipped);
  });
});
