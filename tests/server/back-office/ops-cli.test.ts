import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../server/config/load-config';
import { main, usage } from '../../../scripts/ops';
import type { TestApp } from '../helpers';
import { emailsTo, opsToken, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';
import { setUserRow } from '../step-fixtures';

/** The ops CLI against a real listening app: its main() with captured output, and once as a process. */

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startOpsApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function ops(argv: string[], env: Record<string, string | undefined> = { OPS_URL: baseUrl, OPS_TOKEN: opsToken }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { env, fetch, out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ops', () => {
  it('drives a review: list, reject, show, fix, approve, setup, complete, rekyc', async () => {
    const who = await reviewApplicant(t);
    const masked = `${who.phone.slice(0, 2)}XXXXXX${who.phone.slice(-2)}`;
    const listed = await ops(['list', '--status', 'verification_pending']);
    expect(listed.code).toBe(0);
    const maskedPan = `${who.pan.slice(0, 2)}XXXXXX${who.pan.slice(-2)}`;
    expect(listed.out.split('\n')[0]).toMatch(/^ID +PHONE +PAN +NAME +STEP +UPDATED$/);
    expect(listed.out).toMatch(new RegExp(`${who.id}  ${masked}  ${maskedPan}  [A-Z]+ [A-Z]+ +verification_pending +2026-01-15 10:00:00Z`));
    expect(listed.out).not.toContain(who.pan);
    expect(listed.out).not.toContain(who.phone);

    const rejected = await ops(['reject', who.id, 'personal_details=Father name mismatch', 'pan_image_upload=Blurred = unreadable']);
    expect(rejected).toEqual({
      code: 0,
      out: 'reject: verification_pending → modification (sent back: personal_details, pan_image_upload)\nThe applicant was emailed.',
      err: '',
    });
    expect((await userOf(t, who)).rejectedSteps).toEqual({ personal_details: { reason: 'Father name mismatch' }, pan_image_upload: { reason: 'Blurred = unreadable' } });

    const shown = await ops(['show', who.id]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Phone     ${who.phone}`);
    expect(shown.out).toContain('Step      modification (last done: verification_pending)');
    expect(shown.out).toMatch(/ops-token +reject +verification_pending → modification; personal_details: Father name mismatch; pan_image_upload: Blurred = unreadable/);
    expect(shown.out).toMatch(/ops-token +email_sent +Action needed on your Onboard application/);
    const json = JSON.parse((await ops(['show', who.id, '--json'])).out) as { application: { user: { id: string } } };
    expect(json.application.user.id).toBe(who.id);

    const early = await ops(['approve', who.id]);
    expect(early).toMatchObject({ code: 1, out: '' });
    expect(early.err).toBe(
      "error: 409: cannot approve an application at 'modification'; approve is allowed from: verification_pending, e_sign_completed, re_verification",
    );

    await setUserRow(t, who.phone, { next_step: 'verification_pending', rejected_steps: '{}' });
    for (const [command, to] of [['approve', 'verified'], ['setup', 'user_setup'], ['complete', 'completed']] as const) {
      const moved = await ops([command, who.id]);
      expect({ code: moved.code, first: moved.out.split('\n')[0] }).toEqual({ code: 0, first: expect.stringMatching(new RegExp(`^${command}: .* → ${to}$`)) });
    }
    const rekyc = await ops(['rekyc', who.id]);
    expect(rekyc.code).toBe(0);
    expect(rekyc.out).toMatch(/^Re-KYC link emailed\nLink: https:\/\/onboard\.test\/\?context=income_declaration&data=\S+\nThe applicant was emailed\.$/);
    expect((await emailsTo(t, who.email))[0]?.subject).toBe('Please update your income declaration');
  });

  it.each<[string, string[], Record<string, string | undefined> | undefined, number, RegExp]>([
    ['no command', [], undefined, 2, /^Usage: npm run ops/],
    ['an unknown command', ['delete', 'x'], undefined, 2, /^error: unknown command 'delete'\n\nUsage:/],
    ['no id', ['approve'], undefined, 2, /^error: approve needs exactly one application id/],
    ['a reject without steps', ['reject', 'abc'], undefined, 2, /^error: reject needs at least one <step>=<reason>/],
    ['a reject pair without =', ['reject', 'abc', 'personal_details'], undefined, 2, /^error: 'personal_details' is not <step>=<reason>/],
    ['an unknown option', ['list', '--sort', 'name'], undefined, 2, /^error: unknown option --sort/],
    ['an option without value', ['list', '--status'], undefined, 2, /^error: --status needs a value/],
    ['no OPS_TOKEN', ['list'], { OPS_TOKEN: undefined }, 2, /^error: OPS_TOKEN is not set/],
    ['a wrong token', ['list'], { OPS_TOKEN: 'wrong' }, 1, /^error: 401: session expired or token not accepted; sign in again$/],
    ['an unknown application', ['show', 'nope'], undefined, 1, /^error: 404: application not found$/],
    ['an unknown status', ['list', '--status', 'nonsense'], undefined, 1, /^error: 400: unknown status 'nonsense'$/],
    ['a reject of an unknown application', ['reject', 'nope', 'pan_photo=x'], undefined, 1, /^error: 404: application not found$/],
  ])('%s', async (_name, argv, env, code, message) => {
    const result = await ops(argv, env && { OPS_URL: baseUrl, ...env });
    expect({ code: result.code, out: result.out }).toEqual({ code, out: '' });
    expect(result.err).toMatch(message);
  });

  it('a server that is not there: exit 1, says so', async () => {
    const closed = await startOpsApp();
    const url = await closed.app.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    const result = await ops(['list'], { OPS_URL: url, OPS_TOKEN: opsToken });
    expect(result).toEqual({ code: 1, out: '', err: `error: cannot reach ${url} (ECONNREFUSED); is the server running, and is OPS_URL right?` });
  });

  it('an unknown step on a real application: the server says which', async () => {
    const who = await reviewApplicant(t);
    expect((await ops(['reject', who.id, 'pan_photo=x'])).err).toBe("error: 400: unknown step 'pan_photo'");
  });

  it('reviewer add, list and disable; funnel', async () => {
    const added = await ops(['reviewer', 'add', 'Kiran.Desai@broker.test', 'supervisor']);
    expect(added).toEqual({ code: 0, out: 'kiran.desai@broker.test: supervisor, active. They sign in at /ops with a code emailed to them.', err: '' });
    const listed = await ops(['reviewer', 'list']);
    expect(listed.out.split('\n')[0]).toMatch(/^EMAIL +ROLE +STATE +ADDED BY$/);
    expect(listed.out).toMatch(/kiran\.desai@broker\.test +supervisor +active +ops-token, 2026-01-15 10:00:00Z/);
    expect((await ops(['reviewer', 'disable', 'kiran.desai@broker.test'])).out).toBe('kiran.desai@broker.test: supervisor, disabled; their sessions have ended.');
    expect((await ops(['reviewer', 'list'])).out).toMatch(/kiran\.desai@broker\.test +supervisor +disabled 2026-01-15 10:00:00Z by ops-token/);
    expect(await ops(['reviewer', 'add', 'x@broker.test', 'admin'])).toMatchObject({ code: 2, err: expect.stringMatching(/^error: role must be one of: reviewer, supervisor, auditor, editor, approver/) });
    expect(await ops(['reviewer', 'remove', 'x@broker.test'])).toMatchObject({ code: 2, err: expect.stringMatching(/^error: reviewer needs: add <email> <role> \| list \| disable <email>/) });
    expect(await ops(['reviewer', 'disable', 'nobody@broker.test'])).toMatchObject({ code: 1, err: 'error: 404: no reviewer with that email' });

    const funnel = await ops(['funnel', '--from', '2026-01-15', '--to', '2026-01-15']);
    expect(funnel.code).toBe(0);
    expect(funnel.out.split('\n')[0]).toBe('2026-01-15 00:00:00Z to 2026-01-16 00:00:00Z');
    expect(funnel.out).toMatch(/^STEP +REACHED +COMPLETED +DROP-OFF +MEDIAN +TOP ERRORS$/m);
    expect(funnel.out).toMatch(/^mobile_verification +\d+ +\d+ +\d+ +/m);
    expect(await ops(['funnel', '--from', 'yesterday'])).toMatchObject({ code: 1, err: 'error: 400: from must be a date (YYYY-MM-DD) or an ISO 8601 time' });
  });

  it('help: the usage on stdout, exit 0', async () => {
    expect(await ops(['help'])).toEqual({ code: 0, out: usage, err: '' });
  });

  it('against a server without OPS_TOKEN: says the ops API is off', async () => {
    const off = await startOpsApp({ opsToken: undefined });
    try {
      const url = await off.app.listen({ port: 0, host: '127.0.0.1' });
      const result = await ops(['list'], { OPS_URL: url, OPS_TOKEN: opsToken });
      expect(result).toEqual({ code: 1, out: '', err: 'error: 404: not found (the ops API is off on that server: start it with OPS_TOKEN set)' });
    } finally {
      await off.close();
    }
  });

  it('runs as `tsx scripts/ops.ts`, with the exit code of the answer', async () => {
    const run = (argv: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
        const child = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'scripts/ops.ts'), ...argv], {
          env: { PATH: process.env.PATH ?? '', ...env },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => done({ code, stdout, stderr }));
      });
    const listed = await run(['list', '--limit', '1'], { OPS_URL: baseUrl, OPS_TOKEN: opsToken });
    expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
    expect(listed.stdout).toMatch(/^ID +PHONE/);
    const refused = await run(['list'], { OPS_URL: baseUrl, OPS_TOKEN: 'wrong' });
    expect({ code: refused.code, stderr: refused.stderr }).toEqual({ code: 1, stderr: 'error: 401: session expired or token not accepted; sign in again\n' });
  }, 30_000);
});
