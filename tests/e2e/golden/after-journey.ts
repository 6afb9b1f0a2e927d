import { join } from 'node:path';
import type { Page } from '../browser';
import { opsPost, userByPhone, type ServerWithDb } from '../fixtures';
import { exactly, joined, sayIn, single, type Said } from './journey-language';
import { answers, drawSignature, heading, picture, tickAll, type Applicant, type Seen } from './steps';

/**
 * After the journey, as the back office and the applicant take turns: rejected on four steps, the applicant sees
 * them on Resume, fixes them on Modification (errors first) and retakes the selfie; then approved, set up and
 * complete; then the emailed re-KYC link, its errors and 'Thank You'. `seen` on every screen and error state.
 */

const plainPdf = join(import.meta.dirname, '..', '..', 'fixtures', 'income-proof', 'plain.pdf');

async function decide(env: ServerWithDb, id: string, body: unknown): Promise<void> {
  const response = await opsPost(env, `applications/${id}/decision`, body);
  if (response.status !== 200) throw new Error(`decision ${JSON.stringify(body)}: ${response.status} ${await response.text()}`);
}

export const rejections = {
  personal_details: "Father's name does not match the PAN",
  pan_image_upload: 'The PAN image is blurred',
  signature: 'The signature is cut off at the right',
  income_proof: 'The bank statement is older than 6 months',
  liveliness_detection: 'The selfie is too dark',
};

const documentCard = (page: Page, label: Said) => page.locator('.mod-document').filter({ has: page.getByLabel(exactly(label), { exact: true }) });

export async function afterJourney(page: Page, env: ServerWithDb, who: Applicant, seen: Seen): Promise<void> {
  const { id } = await userByPhone(env.db, who.phone);
  const say = sayIn(who.language ?? 'en');
  const documents = (...names: string[]) => joined(names.map((name) => say(name)));
  const uploadedAgain = (names: Said) => joined([say('Uploaded Again'), names], ': ');
  await decide(env, id, { action: 'reject', rejectedSteps: rejections });

  await page.goto(`${env.server.url}/`);
  await heading(page, say('Resume your Application'));
  await page.getByText(rejections.pan_image_upload).waitFor();
  await seen('/ (rejections)');
  await page.getByRole('button', { name: say('Continue') }).click();

  await page.waitForURL('**/modification');
  await heading(page, say('Welcome Back'));
  await page.getByRole('button', { name: say('Submit') }).waitFor();
  await seen('/modification');
  // The answers given before are filled in; the rejected one is cleared and the form says what is missing.
  await page.getByLabel(say("Father's / Parent's Name")).fill('');
  await page.getByRole('button', { name: say('Submit') }).click();
  await page.getByText(say('Father Name is required')).waitFor();
  await seen('/modification (details errors)');
  await page.getByLabel(say("Father's / Parent's Name")).fill(answers.correctedFatherName);
  await page.getByRole('button', { name: say('Submit') }).click();

  await page.getByLabel(say('PAN card image')).waitFor();
  await page.getByText(rejections.signature).waitFor();
  await seen('/modification (documents)');
  await page.getByRole('button', { name: say('Done') }).click();
  await page.getByText(say('Upload these first: {documents}', { documents: documents('PAN card image', 'Signature', 'Income proof') })).waitFor();
  await seen('/modification (Done with nothing uploaded)');
  await page.getByLabel(exactly(say('PAN card image')), { exact: true }).setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: await picture(1600, 900, 'jpeg') });
  await page.getByText('pan.jpg', { exact: true }).waitFor();
  await seen('/modification (PAN image picked)');
  await documentCard(page, say('PAN card image')).getByRole('button', { name: exactly(say('Upload')), exact: true }).click();
  await page.getByText(uploadedAgain(documents('PAN card image'))).waitFor();
  await seen('/modification (PAN image uploaded)');
  await drawSignature(page, seen, say, '/modification (signature pad)');
  await page.locator('.mod-document').filter({ has: page.getByRole('img', { name: exactly(say('Your signature')), exact: true }) }).getByRole('button', { name: exactly(say('Upload')), exact: true }).click();
  await page.getByText(uploadedAgain(documents('PAN card image', 'Signature'))).waitFor();
  await page.getByLabel(exactly(say('Income proof')), { exact: true }).setInputFiles(plainPdf);
  await page.getByLabel(say('Document type')).selectOption({ label: single(say('Bank Statement')) });
  await documentCard(page, say('Income proof')).getByRole('button', { name: exactly(say('Upload')), exact: true }).click();
  await page.getByText(uploadedAgain(documents('PAN card image', 'Signature', 'Income proof'))).waitFor();
  await seen('/modification (documents uploaded, the selfie left)');
  await page.getByRole('button', { name: say('Continue') }).click();

  await page.waitForURL('**/verify-image');
  await heading(page, say('Liveness Check'));
  await page.getByText(say('Our verification team asked for a new photo: {reason}', { reason: rejections.liveliness_detection })).waitFor();
  await page.locator('button:not(.ant-btn-loading)', { hasText: say('Open Camera') }).waitFor();
  await seen('/verify-image (retake)');
  await page.getByRole('button', { name: say('Open Camera') }).click();
  const dialog = page.getByRole('dialog', { name: 'Liveness selfie (sandbox)' });
  await dialog.getByText(/^[KD]ID/).waitFor();
  await dialog.getByRole('button', { name: 'Capture' }).click();
  await dialog.getByRole('img', { name: 'Captured photo' }).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL('**/completed');
  await heading(page, say('KYC Verification Pending'));

  await decide(env, id, { action: 'approve' });
  await page.reload();
  await heading(page, say('Application Approved'));
  await seen('/completed (approved)');
  await decide(env, id, { action: 'setup' });
  await decide(env, id, { action: 'complete' });
  await page.reload();
  await heading(page, say('Onboarding Complete'));
  await seen('/completed (complete)');

  const rekyc = await opsPost(env, `applications/${id}/rekyc`);
  const { link } = (await rekyc.json()) as { link: string };
  const { pathname, search } = new URL(link);
  await page.goto(`${env.server.url}${pathname}${search}`);
  await heading(page, say('Update your Income Declaration'));
  await seen('/rekyc/income-proof/upload');
  await page.getByRole('button', { name: say('Confirm') }).click();
  await page.getByText(say('Please select income segment')).waitFor();
  await seen('/rekyc/income-proof/upload (errors)');
  await page.getByLabel(say('Annual income')).selectOption('10-25 Lac');
  await page.getByLabel(say('Income proof (PDF, optional)')).setInputFiles(plainPdf);
  await page.getByLabel(say('This PDF is password protected')).check();
  await seen('/rekyc/income-proof/upload (password asked)');
  await page.getByRole('button', { name: say('Confirm') }).click();
  await seen('/rekyc/income-proof/upload (more errors)');
  await page.getByLabel(say('This PDF is password protected')).uncheck();
  await page.getByLabel(say('Income proof type')).selectOption({ label: single(say('IT Return')) });
  await tickAll(page, [say('I confirm that the information given above is true and correct.'), say('I will inform the broker within 30 days of any change in this information.')]);
  await page.getByRole('button', { name: say('Confirm') }).click();
  await heading(page, say('Thank You'));
  await seen('/rekyc/thank-you');
}
