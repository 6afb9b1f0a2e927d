import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../core/engine/flow-types';
import { ConfigError } from '../../server/config/load-config';
import { repoRoot } from '../../server/config/config-dirs';
import { copyConfig } from '../fixtures/config-edits';
import { startTestApp } from '../server/helpers';

/**
 * A broken config is never served: `npm start`, `npm run build`, `npm run dev` and the server itself stop with the
 * check's message (file and JSON path) and exit 1, before any build starts, never with a stack trace.
 */

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of flow-config/ and schemas/ with flow.json edited. */
function brokenCopy(edit: (flow: FlowConfig) => void) {
  const copy = copyConfig();
  copies.push(copy.root);
  const file = join(copy.configDir, 'flow.json');
  const flow = JSON.parse(readFileSync(file, 'utf8')) as FlowConfig;
  edit(flow);
  writeFileSync(file, JSON.stringify(flow, null, 2));
  return { ...copy, index: (id: string) => flow.steps.findIndex((step) => step.id === id) };
}

// The two cases: a step with no routes (the prerender died with a TypeError), a route with no page (a loop).
const noRoutes = brokenCopy((flow) => {
  delete (flow.steps.find((step) => step.id === 'nominee') as Partial<FlowConfig['steps'][number]>).routes;
});
const noRoutesProblem = `flow-config/flow.json: /steps/${noRoutes.index('nominee')} must have required property 'routes'`;
const noPage = brokenCopy((flow) => {
  flow.steps.find((step) => step.id === 'nominee')!.routes.unshift('/add-nominees');
});
const noPageProblem = `flow-config/flow.json: /steps/${noPage.index('nominee')}/routes/0 ('nominee'): route /add-nominees has no page in flow-config/pages/*.json`;

/** Runs a command of the project on a config copy (as ONBOARD_CONFIG_DIR / ONBOARD_STEP_SCHEMAS_DIR point it). */
function run(command: string, args: string[], copy: { configDir: string; stepSchemasDir: string }) {
  // A fresh dist/ of its own: a run that got past the check would never touch the repository's build.
  const scratch = mkdtempSync(join(tmpdir(), 'onboard-broken-run-'));
  copies.push(scratch);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ONBOARD_CONFIG_DIR: copy.configDir, ONBOARD_STEP_SCHEMAS_DIR: copy.stepSchemasDir, DATA_DIR: scratch, PORT: '0' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');

describe('a broken config stops every command with the check message, before anything is built', () => {
  it.each([
    ['npm start (scripts/start.ts)', tsx, ['scripts/start.ts']],
    ['npm run build (vite build, its first plugin)', 'npm', ['run', 'build', '--silent']],
    ['npm run dev (scripts/dev.ts)', tsx, ['scripts/dev.ts']],
    ['npm run check:config', tsx, ['scripts/check-config.ts']],
  ])('%s: exit 1, file and JSON path, no stack trace', (_name, command, args) => {
    const { code, stdout, stderr } = run(command, args, noRoutes);
    expect(code).toBe(1);
    expect(stderr).toContain(`flow-config has 1 problem(s):\n  ${noRoutesProblem}`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain('TypeError');
    expect(stdout).not.toMatch(/Building the client|rebuilding|built in/);
  }, 60_000);

  it('the server itself (server/main.ts) refuses to start on a route with no page', () => {
    const { code, stderr } = run(tsx, ['server/main.ts'], noPage);
    expect(code).toBe(1);
    expect(stderr).toContain(noPageProblem);
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('buildApp refuses a flow that fails the check, so no running server serves it', async () => {
    const error = await startTestApp({ configDir: noPage.configDir, stepSchemasDir: noPage.stepSchemasDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([noPageProblem]);
  });
});

describe('a copy of the config is checked as the repository is', () => {
  it('the unedited copy passes', () => {
    const copy = copyConfig();
    copies.push(copy.root);
    const { code, stdout } = run(tsx, ['scripts/check-config.ts'], copy);
    expect({ code, stdout }).toMatchObject({ code: 0, stdout: expect.stringMatching(/^flow-config OK: /) });
  }, 60_000);
});
