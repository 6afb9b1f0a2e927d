import { join } from 'node:path';
import type { Page } from '../browser';
import { opsPost, userByPhone, type ServerWithDb } from '../fixtures';
import { drawSignature, picture, tickAll, type Applicant, type Seen } from './steps';

/**
 * After the journey, as the back office and the applicant take turns: rejected on four steps, the applicant sees
 * them on Resume, fixes them on Modification (errors first) and retakes the selfie; then approved, set up and
 * complete; then the emailed re-KYC link, its errors and 'Thank You'. `seen` on every screen and error state.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
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

const documentCard = (page: Page, label: string) => page.locator('.mod-document').filter({ has: page.getByLabel(label, { exact: true }) });

export async function afterJourney(page: Page, env: ServerWithDb, who: Applicant, seen: Seen): Promise<void> {
  const { id } = await userByPhone(env.db, who.phone);
  await decide(env, id, { action: 'reject', rejectedSteps: rejections });

  await page.goto(`${env.server.url}/`);
  await heading(page, 'Resume your Application');
  await page.getByText(rejections.pan_image_upload).waitFor();
  await seen('/ (rejections)');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/modification');
  await heading(page, 'Welcome Back');
  await page.getByRole('button', { name: 'Submit' }).waitFor();
  await seen('/modification');
  // The answers given before are filled in; the rejected one is cleared and the form says what is missing.
  await page.getByLabel("Father's / Parent's Name").fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Father Name is required').waitFor();
  await seen('/modification (details errors)');
  await page.getByLabel("Father's / Parent's Name").fill('Rajan Krishnan Iyer');
  await page.getByRole('button', { name: 'Submit' }).click();

  await page.getByLabel('PAN card image').waitFor();
  await page.getByText(rejections.signature).waitFor();
  await seen('/modification (documents)');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Upload these first: PAN card image, Signature, Income proof').waitFor();
  await seen('/modification (Done with nothing uploaded)');
  await page.getByLabel('PAN card image', { exact: true }).setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: await picture(1600, 900, 'jpeg') });
  await page.getByText('pan.jpg', { exact: true }).waitFor();
  await seen('/modification (PAN image picked)');
  await documentCard(page, 'PAN card image').getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText(/Uploaded again: PAN card image/).waitFor();
  await seen('/modification (PAN image uploaded)');
  await drawSignature(page, seen, '/modification (signature pad)');
  await page.locator('.mod-document').filter({ has: page.getByRole('img', { name: 'Your signature', exact: true }) }).getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText(/Uploaded again: PAN card image, Signature/).waitFor();
  await page.getByLabel('Income proof', { exact: true }).setInputFiles(plainPdf);
  await page.getByLabel('Proof type').selectOption({ label: 'Bank Statement' });
  await documentCard(page, 'Income proof').getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText(/Uploaded again: PAN card image, Signature, Income proof/).waitFor();
  await seen('/modification (documents uploaded, the selfie left)');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/verify-image');
  await heading(page, 'Liveness Check');
  await page.getByText(`Our verification team asked for a new photo: ${rejections.liveliness_detection}`).waitFor();
  await page.locator('button:not(.ant-btn-loading)', { hasText: 'Open Camera' }).waitFor();
  await seen('/verify-image (retake)');
  await page.getByRole('button', { name: 'Open Camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Liveness selfie (sandbox)' });
  await dialog.getByText(/^[KD]ID/).waitFor();
  await dialog.getByRole('button', { name: 'Capture' }).click();
  await dialog.getByRole('img', { name: 'Captured photo' }).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL('**/completed');
  await heading(page, 'KYC Verification Pending');

  await decide(env, id, { action: 'approve' });
  await page.reload();
  await heading(page, 'Application Approved');
  await seen('/completed (approved)');
  await decide(env, id, { action: 'setup' });
  await decide(env, id, { action: 'complete' });
  await page.reload();
  await heading(page, 'Onboarding Complete');
  await seen('/completed (complete)');

  const rekyc = await opsPost(env, `applications/${id}/rekyc`);
  const { link } = (await rekyc.json()) as { link: string };
  const { pathname, search } = new URL(link);
  await page.goto(`${env.server.url}${pathname}${search}`);
  await heading(page, 'Update your income declaration');
  await seen('/rekyc/income-proof/upload');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Please select income segment').waitFor();
  await seen('/rekyc/income-proof/upload (errors)');
  await page.getByLabel('Annual income').selectOption('10-25 Lac');
  await page.getByLabel('Income proof (PDF, optional)').setInputFiles(plainPdf);
  await page.getByLabel('This PDF is password protected').check();
  await seen('/rekyc/income-proof/upload (password asked)');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await seen('/rekyc/income-proof/upload (more errors)');
  await page.getByLabel('This PDF is password protected').uncheck();
  await page.getByLabel('Income proof type').selectOption({ label: 'IT Return' });
  await tickAll(page, ['I confirm that the information given above is true and correct.', 'I will inform the broker within 30 days of any change in this information.']);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await heading(page, 'Thank You');
  await seen('/rekyc/thank-you');
}
