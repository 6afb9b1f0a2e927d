import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/env';
import { type TestApp, signIn, startTestApp } from '../helpers';

/** The processes whose parent is this one, by command line (the simulators' child runs server/main.ts). */
function children(): string[] {
  return execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n').filter((line) => line.includes('server/main.ts'));
}

describe('SIMULATORS=process: the vendors simulated in a process of their own', () => {
  let t: TestApp;
  const nodeOptions = process.env.NODE_OPTIONS;

  beforeAll(async () => {
    // The child runs the TypeScript entry, as `npm run dev` would; the compiled bundle needs no loader.
    process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --import tsx`.trim();
    t = await startTestApp({ simulatorsProcessEntry: 'server/main.ts' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
  });

  it('sends the SMS through MSG91’s simulator in the child, and the applicant signs in with its code', async () => {
    expect(children()).toHaveLength(1);
    const signedIn = await signIn(t);
    expect(signedIn.token).toEqual(expect.any(String));
    expect(t.app.providers.active.find((provider) => provider.capability === 'sms')).toMatchObject({ vendor: 'msg91', mode: 'simulator' });
  });

  it('ends the child when the server closes', async () => {
    await t.app.close();
    expect(children()).toEqual([]);
  });
});

describe('SIMULATORS', () => {
  it('is in-process unless set to process, and anything else stops the start', () => {
    expect(parseEnv({}).simulatorsInProcess).toBe(true);
    expect(parseEnv({ SIMULATORS: 'process' }).simulatorsInProcess).toBe(false);
    expect(() => parseEnv({ SIMULATORS: 'elsewhere' })).toThrow("SIMULATORS must be in-process or process, got 'elsewhere'");
  });
});
