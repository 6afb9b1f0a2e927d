import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, post, type TestApp } from '../helpers';
import { initiate, widget } from '../identity-fixtures';
import { decide, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';
import { setUserRow } from '../step-fixtures';

/** A rejected selfie is fixed by taking it again, through the selfie's own routes, while in modification. */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(async () => t.close());

type Who = Awaited<ReturnType<typeof reviewApplicant>>;

const verify = (who: Who, requestId: string) => post(t.app, '/api/user/verify-workflow/selfie', { requestId }, auth(who.token));

async function takeSelfie(who: Who) {
  const { requestId } = await initiate(t, who, 'selfie');
  expect((await widget(t, requestId, 'approve')).statusCode).toBe(200);
  return { requestId, response: await verify(who, requestId) };
}

/** An applicant who took the selfie in the journey, then reached the review. */
async function reviewedWithSelfie(): Promise<Who & { journeySelfie: string }> {
  const who = await reviewApplicant(t);
  await setUserRow(t, who.phone, { next_step: 'liveliness_detection' });
  const { requestId, response } = await takeSelfie(who);
  expect(response.statusCode).toBe(200);
  await setUserRow(t, who.phone, { current_step: 'aadhaar_e_sign_documents', next_step: 'verification_pending' });
  return { ...who, journeySelfie: requestId };
}

describe('fixing a rejected selfie', () => {
  it('a new selfie clears the rejection; with nothing else rejected the application is back at verification_pending', async () => {
    const who = await reviewedWithSelfie();
    await decide(t, who.id, { action: 'reject', rejectedSteps: { liveliness_detection: 'Face not visible' } });
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', rejectedSteps: { liveliness_detection: { reason: 'Face not visible' } } });

    const { response } = await takeSelfie(who);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Image verified successfully!', user: { nextStep: 'verification_pending', rejectedSteps: {} } });
  });

  it('keeps the applicant in modification while other rejected steps remain', async () => {
    const who = await reviewedWithSelfie();
    await decide(t, who.id, { action: 'reject', rejectedSteps: { liveliness_detection: 'Blurred', signature: 'Does not match' } });
    expect((await takeSelfie(who)).response.statusCode).toBe(200);
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', rejectedSteps: { signature: { reason: 'Does not match' } } });
  });

  it('refuses the old, already verified selfie request as the fix', async () => {
    const who = await reviewedWithSelfie();
    await decide(t, who.id, { action: 'reject', rejectedSteps: { liveliness_detection: 'Blurred' } });
    const replay = await verify(who, who.journeySelfie);
    expect(replay.statusCode).toBe(400);
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', rejectedSteps: { liveliness_detection: { reason: 'Blurred' } } });
  });

  it('a selfie that was not rejected cannot be taken again in modification', async () => {
    const who = await reviewedWithSelfie();
    await decide(t, who.id, { action: 'reject', rejectedSteps: { signature: 'Does not match' } });
    const answer = await post(t.app, '/api/user/initiate-workflow/selfie', {}, auth(who.token));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'please complete previous steps' });
  });

  it('a cancelled widget leaves the rejection in place', async () => {
    const who = await reviewedWithSelfie();
    await decide(t, who.id, { action: 'reject', rejectedSteps: { liveliness_detection: 'Blurred' } });
    const { requestId } = await initiate(t, who, 'selfie');
    await widget(t, requestId, 'cancel');
    const answer = await verify(who, requestId);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', rejectedSteps: { liveliness_detection: { reason: 'Blurred' } } });
  });
});
