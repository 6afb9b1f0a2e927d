import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { clickOptionUntilClosed, openList } from './ant-select';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { setProgress, startServerWithDb, storedByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';

/**
 * Issue 8 in a real browser, on a phone (390x844: dialogs are bottom drawers) and on a desktop (1366x768): crop and
 * upload a PAN image, draw a signature and save the declarations, then add two nominees (one a minor) whose
 * shares first add up to 90 and then to 100. Earlier steps belong to other issues: the fixture moves the applicant.
 */

/** A real JPEG or PNG, as a phone camera or a scanner would give one. */
const picture = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 232, g: 238, b: 247 } } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 4), channels: 3, background: { r: 30, g: 60, b: 120 } } }, top: 40, left: 40 }])
    [format]()
    .toBuffer();

/**
 * Picks `label` in the select `#id`, as a person does, and waits until the list has closed and the select shows it:
 * on a busy machine the next field's list could otherwise open while this one is still closing (a relationship left
 * empty was seen so), and a miss is named here rather than at the Save.
 */
const selectOption = async (page: Page, id: string, label: string) => {
  await page.locator(`#${id}`).click();
  const option = openList(page).locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  await clickOptionUntilClosed(page, option);
  await expect.poll(() => page.locator('.ant-select', { has: page.locator(`#${id}`) }).first().innerText(), { timeout: 10_000 }).toContain(label);
};

const typeDate = async (page: Page, id: string, date: string) => {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.pressSequentially(date);
  await input.press('Tab');
};

/** A place shows under the pincode once the lookup answered. */
const pincode = async (page: Page, id: string, code: string) => {
  await page.locator(`#${id}`).fill(code);
  await expect.poll(() => page.locator(`#${id}__place .pincode-place`).textContent(), { timeout: 10_000 }).toMatch(/, /);
};

/** Where an element sits once its dialog or drawer has finished sliding in. */
async function settledBox(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (let tries = 0; tries < 50; tries += 1) {
    const box = await element.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the element never stopped moving');
}

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
};

describe.each([
  ['a phone', 390, 844, '9876508801'],
  ['a desktop', 1366, 768, '9876508802'],
])('documents and nominees on %s (%sx%s)', (_name, width, height, phone) => {
  let env: ServerWithDb;
  let browser: BrowserSession;

  beforeAll(async () => {
    env = await startServerWithDb({ bank: { branchSnapshot: false } });
    browser = await openBrowser({ width, height });
    await signedInThroughApi(browser.page, env.server, phone, `applicant${phone.slice(-2)}@example.in`);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  it('crops and uploads a PAN image', async () => {
    const { page } = browser;
    await setProgress(env.db, phone, { currentStep: 'aadhaar_verification', nextStep: 'pan_image_upload' });
    await page.goto(`${env.server.url}/pan-image-upload`);
    await page.getByRole('heading', { level: 1, name: 'Upload your PAN Card' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);

    await page.getByTestId('image-pick-input').setInputFiles({ name: 'pan-photo.jpg', mimeType: 'image/jpeg', buffer: await picture(2000, 1500, 'jpeg') });
    const dialog = page.getByRole('dialog', { name: 'Review and crop your PAN card' });
    await dialog.waitFor();
    expect(await page.locator(width <= 500 ? '.ant-drawer-bottom' : '.ant-modal').count()).toBeGreaterThan(0);
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    expect([await zoom.getAttribute('aria-valuemin'), await zoom.getAttribute('aria-valuemax')]).toEqual(['0.7', '3']);
    await zoom.press('ArrowRight');
    await zoom.press('ArrowRight');
    expect(await zoom.getAttribute('aria-valuenow')).toBe('1.2');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('img', { name: 'Your PAN card' }).waitFor();

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('PAN card Uploaded Successfully!').waitFor();
    await page.waitForURL(`**${routeAfter('pan_image_upload')}`);
    const { row, steps } = await storedByPhone(env.db, phone);
    expect(row.next_step).toBe(nextAfter('pan_image_upload'));
    expect(steps.pan_image_upload).toMatchObject({ documentId: expect.any(String) });
    expect(browser.cspViolations).toEqual([]);
  });

  it('draws a signature and saves the declarations', async () => {
    const { page } = browser;
    await setProgress(env.db, phone, { currentStep: 'liveliness_detection', nextStep: 'declaration' });
    await page.goto(`${env.server.url}/sign-onboarding-form`);
    await page.getByRole('heading', { level: 1, name: 'Declarations and Signature' }).waitFor();
    await page.getByRole('radio', { name: 'Physical' }).click();
    await page.getByText(/Rs 49 per note/).waitFor();
    await page.getByRole('radio', { name: 'Electronic' }).click();
    // Each declaration is the applicant's own tick.
    for (const name of ['I am an Indian citizen', 'No regulatory action has been taken against me in the last 3 years', 'I am not a politically exposed person (PEP) or related to one']) {
      expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(false);
      await page.getByRole('checkbox', { name }).check();
    }

    await page.getByRole('button', { name: 'Draw Signature' }).click();
    const pad = page.getByRole('dialog', { name: 'Draw your signature' });
    const canvas = pad.getByRole('img', { name: /Signature pad/ });
    const box = await settledBox(canvas);
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -15 : 15), { steps: 3 });
    await page.mouse.up();
    await pad.locator('.signature-actions').getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('img', { name: 'Your signature', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText('User declaration saved successfully!').waitFor();
    await page.waitForURL(`**${routeAfter('signature')}`);
    const { row, steps } = await storedByPhone(env.db, phone);
    expect(row.next_step).toBe(nextAfter('signature'));
    expect(steps.declaration).toMatchObject({ nri: false, regulatoryActions: false, politicallyExposed: false, settlementTimeFrame: 90, contractNotePreference: 'electronic' });
    expect(steps.signature).toMatchObject({ documentId: expect.any(String) });
  });

  it("adds two nominees (the first folded once finished), one a minor with a guardian: 90% is refused with the spec's message, 60/40 is saved", { timeout: 150_000 }, async () => {
    const { page } = browser;
    await page.getByRole('heading', { level: 1, name: 'Add Nominee' }).waitFor();
    const proof = await picture(800, 500, 'png');

    const fill = async (index: number, nominee: { title: string; first: string; relation: string; born: string; share: string; pin: string }) => {
      const at = (field: string) => `root_nominees_${index}_${field}`;
      await selectOption(page, at('title'), nominee.title);
      await page.locator(`#${at('firstName')}`).fill(nominee.first);
      await page.locator(`#${at('lastName')}`).fill('Rao');
      await selectOption(page, at('relation'), nominee.relation);
      await typeDate(page, at('dateOfBirth'), nominee.born);
      if (index === 0) {
        await page.locator(`#${at('phone')}`).fill('9876543210');
        await page.locator(`#${at('email')}`).fill(`${nominee.first.toLowerCase()}@example.in`);
      } else {
        // A minor: the guardian's mobile and email are asked instead of their own.
        await page.locator(`#${at('guardianPhone')}`).waitFor();
        expect(await page.locator(`#${at('phone')}, #${at('email')}`).count()).toBe(0);
      }
      await page.locator(`#${at('line1')}`).fill('12 MG Road, Ashok Nagar');
      await pincode(page, at('pincode'), nominee.pin);
      await page.locator(`#${at('sharePercentage')}`).fill(nominee.share);
      await selectOption(page, at('documentType'), 'Aadhaar (last 4 digits only)');
      await page.locator(`#${at('documentNumber')}`).fill(index === 0 ? '1234' : '4321');
      await page.locator('.onboard-array-item').nth(index).getByTestId('image-pick-input').setInputFiles({ name: `proof-${index}.png`, mimeType: 'image/png', buffer: proof });
      await page.locator('.onboard-array-item').nth(index).getByRole('img', { name: "Nominee's proof of identity" }).waitFor();
    };

    await fill(0, { title: 'Mrs', first: 'Asha', relation: 'Spouse', born: '15/08/1985', share: '60', pin: '560001' });
    expect(await page.locator('#root_nominees_0_guardianName').count()).toBe(0);
    // A finished nominee folds to one line.
    const first = page.getByRole('region', { name: 'Nominee 1' });
    await first.getByRole('button', { name: 'Hide details' }).click();
    await first.getByText('Asha Rao, 60% share', { exact: true }).waitFor();
    expect(await page.locator('#root_nominees_0_firstName').isVisible()).toBe(false);
    await page.getByRole('button', { name: '+ Add another nominee details' }).click();
    await page.getByRole('heading', { name: 'Nominee 2' }).waitFor();
    await fill(1, { title: 'Mr', first: 'Kiran', relation: 'Son', born: yearsAgo(8), share: '30', pin: '560001' });

    // A minor: the guardian's fields appear.
    await page.locator('#root_nominees_1_guardianName').fill('Ravi Rao');
    await selectOption(page, 'root_nominees_1_guardianRelation', 'Father');
    await page.locator('#root_nominees_1_guardianPhone').fill('9123456780');
    await page.locator('#root_nominees_1_guardianEmail').fill('ravi@example.in');
    await page.locator('#root_nominees_1_guardianAddress').fill('12 MG Road, Ashok Nagar, Bengaluru');
    await pincode(page, 'root_nominees_1_guardianPincode', '400001');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Total percentage of all nominees must be equal to 100').first().waitFor();
    expect(page.url()).toMatch(/\/add-nominee$/);

    await page.locator('#root_nominees_1_sharePercentage').fill('40');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Two nominees' records sealed and saved: over 30 s seen with two browser files and the node tests beside it.
    await page.getByText('Nominee Details Saved!').waitFor({ timeout: 60_000 });
    await page.waitForURL(`**${routeAfter('nominee')}`);

    const { steps } = await storedByPhone(env.db, phone);
    const nominees = (steps.nominee as { nominees: Record<string, unknown>[] }).nominees;
    expect(nominees.map((n) => [n.firstName, n.sharePercentage])).toEqual([['Asha', 60], ['Kiran', 40]]);
    expect(nominees[1]).toMatchObject({ guardianName: 'Ravi Rao', guardianPincode: '400001', documentId: expect.any(String) });
    expect(nominees[0]).not.toHaveProperty('guardianName');
    expect(browser.cspViolations).toEqual([]);
  });
});
