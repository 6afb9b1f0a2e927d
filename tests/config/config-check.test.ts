import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { realFlow, tempConfigDir, configProblems } from '../fixtures/flow-config';

const problemsOf = (dir: string) => configProblems(dir);

function editJson(path: string, edit: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(value);
  writeFileSync(path, JSON.stringify(value));
}

describe('flow-config check', () => {
  it('loads every file of the real config', () => {
    const bundle = loadConfig();
    expect(bundle.flow.steps.length).toBeGreaterThan(0);
    expect(Object.keys(bundle.pageFiles)).toContain('flow-config/pages/sign-in.json');
  });

  it('names the file and page of an unknown screen', () => {
    const dir = tempConfigDir((flow) => flow);
    editJson(join(dir, 'pages', 'sign-in.json'), (file) => {
      (file.pages as Record<string, { screen: string }>)['/login']!.screen = 'mobileLogn';
    });
    expect(problemsOf(dir)).toContainEqual(expect.stringMatching(/^flow-config\/pages\/sign-in\.json: page \/login: no screen 'mobileLogn'/));
  });

  it('names an unknown step in a progress group', () => {
    const dir = tempConfigDir((flow) => ({
      ...flow,
      progress: { groups: [...flow.progress.groups, { label: 'Extra', steps: ['pan_verifcation'] }] },
    }));
    expect(problemsOf(dir)).toContain("flow-config/flow.json: progress group 'Extra' names unknown step 'pan_verifcation'");
  });

  it("names a status stage's link that messages.json does not have", () => {
    const dir = tempConfigDir((flow) => ({
      ...flow,
      completedStages: { ...flow.completedStages, setupComplete: { ...flow.completedStages.setupComplete!, next: { text: 'Trade', action: 'Go', link: 'tradng' } } },
    }));
    expect(problemsOf(dir)).toContain("flow-config/flow.json: completedStages.setupComplete.next.link names 'tradng', which flow-config/messages.json links does not have");
  });

  it('rejects a page for a route no step owns', () => {
    const dir = tempConfigDir((flow) => ({ ...flow, steps: flow.steps.map((s) => (s.id === 'email_verification' ? { ...s, routes: ['/add-email'] } : s)) }));
    expect(problemsOf(dir)).toContain('flow-config/pages/email.json: page /verify-email is not a route of any step in flow-config/flow.json');
  });

  it('refuses a step route with no page (the applicant would loop on the Resume screen), naming the JSON path', () => {
    let index = -1;
    const dir = tempConfigDir((flow) => {
      index = flow.steps.findIndex((s) => s.id === 'pan_verification');
      return { ...flow, steps: flow.steps.map((s, i) => (i === index ? { ...s, routes: ['/verify-pann', ...s.routes] } : s)) };
    });
    expect(problemsOf(dir)).toEqual([`flow-config/flow.json: /steps/${index}/routes/0 ('pan_verification'): route /verify-pann has no page in flow-config/pages/*.json`]);
  });

  it('refuses an extra route or a fixed route with no page', () => {
    const dir = tempConfigDir((flow) => ({ ...flow, extraRoutes: [...flow.extraRoutes, '/rekyc/later'], routes: { ...flow.routes, refresh: '/reload' } }));
    expect(problemsOf(dir)).toEqual([
      // The page of the old /refresh is now a page no route owns.
      'flow-config/pages/status.json: page /refresh is not a route of any step in flow-config/flow.json',
      `flow-config/flow.json: /extraRoutes/${realFlow().extraRoutes.length}: route /rekyc/later has no page in flow-config/pages/*.json`,
      'flow-config/flow.json: /routes/refresh: route /reload has no page in flow-config/pages/*.json',
    ]);
  });

  it('refuses a step with no routes, naming the JSON path (before anything reads its routes)', () => {
    const dir = tempConfigDir((flow) => ({ ...flow, steps: flow.steps.map((s, i) => (i === 2 ? { ...s, routes: undefined as unknown as string[] } : i === 3 ? { ...s, routes: [] } : s)) }));
    expect(problemsOf(dir)).toEqual([
      "flow-config/flow.json: /steps/2 must have required property 'routes'",
      'flow-config/flow.json: /steps/3/routes must NOT have fewer than 1 items',
    ]);
  });

  it('reports meta-schema errors with the JSON path', () => {
    const dir = tempConfigDir((flow) => ({ ...flow, steps: flow.steps.map((s, i) => (i === 0 ? { ...s, colour: 'red' } : s)) }));
    expect(problemsOf(dir)).toContain("flow-config/flow.json: /steps/0 must NOT have additional properties 'colour'");
  });

  it('reports broken JSON with the file name', () => {
    const dir = tempConfigDir((flow) => flow);
    writeFileSync(join(dir, 'messages.json'), '{ "errors": ');
    expect(problemsOf(dir)[0]).toMatch(/^flow-config\/messages\.json: /);
  });

  it('requires sign-in to stay the first journey step', () => {
    const dir = tempConfigDir((flow) => ({ ...flow, steps: [...flow.steps.slice(1), flow.steps[0]!] }));
    expect(problemsOf(dir)).toContainEqual(expect.stringContaining("the first journey step 'email_verification' must include the login route /login"));
  });

  it('npm run check:config exits 1 and prints the problem', () => {
    const dir = tempConfigDir((flow) => ({ ...flow, afterJourney: 'nowhere' }));
    let output = '';
    let code = 0;
    try {
      execFileSync('npx', ['tsx', 'scripts/check-config.ts', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      code = failed.status;
      output = failed.stderr;
    }
    expect(code).toBe(1);
    expect(output).toContain("flow-config/flow.json: afterJourney names unknown step 'nowhere'");
  });
});
