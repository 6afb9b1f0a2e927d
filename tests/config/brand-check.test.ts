import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../core/engine/config-types';
import { tempConfigDir, configProblems } from '../fixtures/flow-config';

/** Issue 32: the broker's name, logo, SEBI registration and member ids, and the addresses it links to, from config. */

const problemsOf = (dir: string, production: boolean) => configProblems(dir, { production });

function withMessages(edit: (messages: Messages) => void): string {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'messages.json');
  const messages = JSON.parse(readFileSync(path, 'utf8')) as Messages;
  edit(messages);
  writeFileSync(path, JSON.stringify(messages, null, 2));
  return dir;
}

const brokersOwn = (messages: Messages) => {
  messages.links = { ...messages.links, support: 'https://help.abc-broking.in/', terms: 'https://abc-broking.in/terms', pricing: 'https://abc-broking.in/pricing', trading: 'https://trade.abc-broking.in/', voluntaryFreeze: 'https://abc-broking.in/voluntary-freeze' };
  messages.brand = {
    ...messages.brand,
    sebiRegistration: 'INZ000123456',
    exchangeMembers: [{ body: 'NSE', id: '90123' }],
    depositoryParticipants: [{ body: 'CDSL', id: 'IN-DP-431-2019' }],
  };
};

describe('check:config and the brand', () => {
  it('in production mode refuses the shipped example addresses and ids, naming each', () => {
    const problems = problemsOf(withMessages(() => undefined), true);
    expect(problems).toContain("flow-config/messages.json: links.terms is an example address (https://onboard.example/terms); set the broker's own before production");
    expect(problems).toContain("flow-config/messages.json: links.support is an example address (https://support.onboard.example/); set the broker's own before production");
    expect(problems).toContain("flow-config/messages.json: brand.sebiRegistration is the example INZ000000000; set the broker's SEBI registration before production");
    expect(problems).toContainEqual(expect.stringMatching(/^flow-config\/messages\.json: brand\.exchangeMembers\/0 \(NSE\) is the example id 0+;/));
  });

  it('outside production mode the examples are accepted (the sandbox runs on them)', () => {
    expect(problemsOf(withMessages(() => undefined), false)).toEqual([]);
  });

  it("accepts the broker's own addresses and ids in production mode", () => {
    expect(problemsOf(withMessages(brokersOwn), true)).toEqual([]);
  });

  it.each([
    ['https://example.com/terms'],
    ['https://help.broker.test/'],
    ['http://localhost:3000/terms'],
  ])('refuses %s in production mode', (address) => {
    const problems = problemsOf(withMessages((messages) => {
      brokersOwn(messages);
      messages.links.terms = address;
    }), true);
    expect(problems).toEqual([`flow-config/messages.json: links.terms is an example address (${address}); set the broker's own before production`]);
  });

  it('refuses a logo that is not in flow-config/, in any mode', () => {
    const dir = withMessages(() => undefined);
    rmSync(join(dir, 'brand', 'logo.svg'));
    expect(problemsOf(dir, false)).toEqual(['flow-config/messages.json: brand.logo names brand/logo.svg, which is not in flow-config/']);
  });

  it('npm run check:config with NODE_ENV=production exits 1 and names the example address', () => {
    const dir = withMessages(() => undefined);
    let output = '';
    let code = 0;
    try {
      execFileSync('npx', ['tsx', 'scripts/check-config.ts', dir], { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      code = failed.status;
      output = failed.stderr;
    }
    expect(code).toBe(1);
    expect(output).toContain('links.terms is an example address (https://onboard.example/terms)');
  });
});
