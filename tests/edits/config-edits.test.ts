import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse } from '../../core/api/types';
import { journey } from '../../core/engine/flow';
import { loadConfig } from '../../server/config/load-config';
import { repoRoot } from '../../server/config/config-dirs';
import { type ConfigCopy, configEdits, copyConfig } from '../fixtures/config-edits';
import { latestCode, requestOtp, startTestApp, verifyOtp } from '../server/helpers';

/**
 * The promise of flow-config/README.md: compliance and product edit config alone, and the config check, the server
 * and the tests all follow. Each edit of tests/fixtures/config-edits.ts (the README's example step, a new option,
 * two steps swapped, a reworded message, a new form step, a new document step, two questions with their rules) is
 * applied to a copy of flow-config/ and schemas/: the check passes and the server starts on it. Then the node tests
 * (tests/engine, tests/server, tests/security, tests/config) run on a copy with all of them, pointed at it by
 * ONBOARD_CONFIG_DIR and ONBOARD_STEP_SCHEMAS_DIR: the only test that may go red is tests/config/spec-contract.test.ts,
 * and only where an edit departs from the specification (the swap, the rewording), which it must name.
 */

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function editedCopy(edits: typeof configEdits): ConfigCopy {
  const copy = copyConfig();
  copies.push(copy.root);
  for (const edit of edits) edit.apply(copy);
  return copy;
}

describe.each(configEdits.map((edit) => [edit.name, edit] as const))('config edit: %s', (_name, edit) => {
  const copy = editedCopy([edit]);

  it('passes the config check', () => {
    expect(() => loadConfig(copy.configDir, { stepSchemasDir: copy.stepSchemasDir })).not.toThrow();
  });

  it('the server starts on it and signs an applicant in, on to the second step of its journey', async () => {
    const t = await startTestApp({ configDir: copy.configDir, stepSchemasDir: copy.stepSchemasDir });
    try {
      const phone = '9876500001';
      const token = await requestOtp(t.app, phone);
      const signedIn = await verifyOtp(t.app, phone, token, await latestCode(t.app, phone));
      const { flow } = loadConfig(copy.configDir, { stepSchemasDir: copy.stepSchemasDir });
      expect(signedIn.json<SignInResponse>().user.nextStep).toBe(journey(flow)[1]);
    } finally {
      await t.close();
    }
  });
});

interface JsonReport {
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** vitest on the node tests, pointed at `copy`; its JSON report. */
function nodeTestsOn(copy: ConfigCopy): Promise<{ code: number | null; report: JsonReport; output: string }> {
  const out = mkdtempSync(join(tmpdir(), 'onboard-edit-report-'));
  copies.push(out);
  const reportFile = join(out, 'report.json');
  const args = ['vitest', 'run', '--project', 'node', 'tests/engine', 'tests/server', 'tests/security', 'tests/config', '--reporter=json', `--outputFile=${reportFile}`];
  const child = spawn(join(repoRoot, 'node_modules', '.bin', args[0]!), args.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, ONBOARD_CONFIG_DIR: copy.configDir, ONBOARD_STEP_SCHEMAS_DIR: copy.stepSchemasDir },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => {
      try {
        done({ code, report: JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport, output });
      } catch (error) {
        fail(new Error(`vitest on the edited copy wrote no report (exit ${code}):\n${output.slice(-4000)}`, { cause: error }));
      }
    });
  });
}

describe('the node tests on a copy with every edit', () => {
  let run: Awaited<ReturnType<typeof nodeTestsOn>>;
  let failed: { file: string; test: string }[];
  beforeAll(async () => {
    const started = Date.now();
    run = await nodeTestsOn(editedCopy(configEdits));
    console.log(`node tests on the edited copy: ${Math.round((Date.now() - started) / 1000)} s`);
    failed = run.report.testResults.flatMap((file) => {
      const name = file.name.slice(repoRoot.length + 1);
      const tests = file.assertionResults.filter((test) => test.status === 'failed').map((test) => ({ file: name, test: test.fullName }));
      // A file that failed outside its tests (an import, a hook) counts as one failure of the file. A failed
      // beforeAll leaves its tests 'skipped' and the file's message empty: only the file's status tells.
      const outside = file.message ? file.message.split('\n')[0]! : 'failed outside its tests (a hook)';
      return tests.length === 0 && (file.message || file.status === 'failed') ? [{ file: name, test: outside }] : tests;
    });
  });

  it('ran the tests', () => {
    expect(run.report.testResults.length).toBeGreaterThan(50);
  });

  it('turns no test red but the spec contract', () => {
    expect(failed.filter((failure) => failure.file !== 'tests/config/spec-contract.test.ts')).toEqual([]);
  });

  it('the spec contract names the departures from the spec: the swapped steps and the reworded message', () => {
    const contract = failed.map((failure) => failure.test);
    expect(contract).toContainEqual(expect.stringContaining('has the spec statuses in the spec order'));
    expect(contract).toContainEqual(expect.stringContaining("personal details: every question is required with '{field} is required'"));
    expect(contract).toContainEqual(expect.stringContaining("modification: every field except segments is required ('{field} is required')"));
  });
});
