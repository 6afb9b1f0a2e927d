import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { setPanRecord, setProgress, startServerWithDb, storedByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';
import { builtClientDir } from './server';
import { contrastOf } from './contrast';
import { embeddedForms } from '../../core/engine/config-types';
import { pages } from '../../scripts/flow-pages';
import { filesOf, readManifest, validatorsKey, type RoutePage } from '../../scripts/route-chunks';

/** Bank linking with the real branch directory: the manual flow, and UPI at a phone and at a desktop width. */

let env: ServerWithDb;
beforeAll(async () => {
  env = await startServerWithDb();
}, 90_000);
afterAll(async () => env?.close());

let panCounter = 0;
async function applicantAtBank(page: Page, phone: string, email: string): Promise<void> {
  // A new applicant in the same browser: the previous one's session goes first.
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await signedInThroughApi(page, env.server, phone, email);
  panCounter += 1;
  await setPanRecord(env.db, phone, { pan: `ABCPS${String(1200 + panCounter)}F`, name: 'SNEHA SHARMA', dateOfBirth: '15/08/1990' });
  await setProgress(env.db, phone, { currentStep: 'personal_details', nextStep: 'bank_details' });
  await page.goto(`${env.server.url}/link-bank-account`);
  await page.getByRole('heading', { level: 1, name: 'Link your Bank Account' }).waitFor();
}

async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('manual linking (desktop)', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser({ width: 1366, height: 768 });
  });
  afterAll(async () => browser?.close());

  it("opens without the manual form's code; the applicant's first touch loads it, before they ask for the form", async () => {
    const { page } = browser;
    const manifest = readManifest(builtClientDir);
    const [manual] = embeddedForms((pages()['/link-bank-account'] as RoutePage | undefined)?.options).map(({ form }) => form);
    const formCode = filesOf(manifest, ['src/screens/checked-schema-form.tsx', validatorsKey(manual?.schema ?? '')]).js.map((file) => `/${file}`);
    expect(formCode).toHaveLength(2);
    const requested: string[] = [];
    const record = (request: { url(): string }) => void requested.push(new URL(request.url()).pathname);
    page.on('request', record);
    await applicantAtBank(page, '9876511021', 'sneha.touch@example.in');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => formCode.includes(path))).toEqual([]);
    await page.getByRole('radio', { name: /Enter bank details manually/ }).check();
    await expect.poll(() => formCode.filter((path) => requested.includes(path)), { timeout: 10_000 }).toEqual(formCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Account Number').waitFor();
    page.off('request', record);
  });

  it("search 'hdfc', pick a branch by IFSC, confirm, enter the account number: saved", async () => {
    const { page } = browser;
    const phone = '9876511001';
    await applicantAtBank(page, phone, 'sneha.manual@example.in');
    await page.getByRole('radio', { name: /Enter bank details manually/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);

    await pickHdfcBranch(page);

    await page.getByLabel('Account Number').fill('5010012345');
    await page.getByLabel('UPI ID (optional)').fill('sneha@');
    await page.getByLabel('UPI ID (optional)').press('Tab');
    await page.getByText('Invalid UPI ID').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('UPI ID (optional)').fill('sneha.sharma@okhdfc');
    await expectEnabled(next);
    await next.click();
    await page.getByText('Bank Details Saved!').waitFor();
    await page.waitForURL(`**${routeAfter('bank_details')}`);
    const saved = await storedByPhone(env.db, phone);
    expect(saved.steps.bank_details).toMatchObject({ beneficiaryIFSC: 'HDFC0000001', beneficiaryAccount: '5010012345', vpa: 'sneha.sharma@okhdfc' });
  });

  it("an account whose holder is not the PAN holder: the penny drop's message, back at the choice; another account is saved", async () => {
    const { page } = browser;
    const phone = '9876511009';
    await applicantAtBank(page, phone, 'sneha.mismatch@example.in');
    await page.getByRole('radio', { name: /Enter bank details manually/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await pickHdfcBranch(page);
    await page.getByLabel('Account Number').fill('123456781111');
    await page.getByRole('button', { name: 'Next' }).click();

    const mismatch = 'Account holder name does not match the name on your PAN';
    await page.locator('p[role="alert"]').filter({ hasText: mismatch }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Link your Bank Account' }).waitFor();
    expect(await page.getByRole('radio', { name: /Enter bank details manually/ }).isChecked()).toBe(true);
    expect((await storedByPhone(env.db, phone)).row).toMatchObject({ next_step: 'bank_details' });

    // The message reads as an error (issue 20: it was plain dark text): red on pale red, at least 4.5:1.
    const alert = page.locator('p[role="alert"]').filter({ hasText: mismatch });
    expect(await contrastOf(alert)).toBeGreaterThanOrEqual(4.5);
    expect(await alert.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

    await page.getByRole('button', { name: 'Continue' }).click();
    // The choice's own message is gone (the toast may still be closing).
    expect(await page.locator('p[role="alert"]').filter({ hasText: mismatch }).count()).toBe(0);
    // What the applicant gave is kept (issue 20: the bank, branch and account number were wiped).
    await page.getByText('HDFC Bank', { exact: true }).waitFor();
    await page.getByText(/HDFC0000001 ·/).waitFor();
    expect(await page.getByLabel('Account Number').inputValue()).toBe('123456781111');
    await page.getByLabel('Account Number').fill('5010012399');
    await expectEnabled(page.getByRole('button', { name: 'Next' }));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Bank Details Saved!').waitFor();
    await page.waitForURL(`**${routeAfter('bank_details')}`);
  });
});

describe('manual linking on a phone (390×844)', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 844 });
  });
  afterAll(async () => browser?.close());

  it('an IFSC typed into the bank search (as copied from a cheque) finds its branch; the lists scroll with the page (issue 32)', async () => {
    const { page } = browser;
    await applicantAtBank(page, '9876511010', 'sneha.ifsc@example.in');
    await page.getByRole('radio', { name: /Enter bank details manually/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    // The popular banks: every row whole, in the page's scroll rather than a box of their own.
    const list = page.getByRole('list', { name: 'Popular banks' });
    await list.waitFor();
    expect(await list.evaluate((element) => getComputedStyle(element).overflowY)).toBe('visible');
    await page.getByRole('textbox', { name: 'Bank', exact: true }).fill('hdfc0000001');
    const dialog = page.getByRole('dialog', { name: 'Is this your branch?' });
    await dialog.getByText('HDFC0000001').waitFor();
    await dialog.getByRole('button', { name: 'Looks Good' }).click();
    await page.getByText('HDFC Bank', { exact: true }).waitFor();
    await page.getByText(/HDFC0000001 ·/).waitFor();
    // An IFSC no bank has: said so.
    await page.getByRole('button', { name: 'Change' }).first().click();
    await page.getByRole('textbox', { name: 'Bank', exact: true }).fill('ZZZZ0000001');
    await page.getByText('No match').waitFor();
  });
});

/** The manual flow's bank and branch: 'hdfc' searched, HDFC0000001 picked by IFSC and confirmed. */
async function pickHdfcBranch(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Bank', exact: true }).fill('hdfc');
  await page.getByRole('button', { name: /HDFC Bank/ }).first().click();
  await page.getByRole('textbox', { name: 'IFSC or branch' }).fill('HDFC0000001');
  await page.getByRole('button', { name: /HDFC0000001/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Is this your branch?' });
  await dialog.getByText('HDFC0000001').waitFor();
  await dialog.getByText('MUMBAI', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Looks Good' }).click();
}

async function expectEnabled(button: ReturnType<Page['getByRole']>): Promise<void> {
  await expect.poll(() => button.isDisabled()).toBe(false);
}

describe.each([
  ['phone', 390, 844],
  ['desktop', 1366, 768],
])('UPI reverse penny drop at a %s viewport', (label, width, height) => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser({ width, height });
  });
  afterAll(async () => browser?.close());

  it('shows the payment request, takes the sandbox payment and moves on to /verify-image', async () => {
    const { page } = browser;
    const phone = label === 'phone' ? '9876511002' : '9876511003';
    await applicantAtBank(page, phone, `sneha.${label}@example.in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Scan QR Code to Verify Bank' }).waitFor();
    await page.getByText('It will be refunded in 2 business days').waitFor();
    if (label === 'phone') {
      const open = page.getByRole('link', { name: 'Open UPI app' });
      const href = await open.getAttribute('href');
      // Issue 20: its text had the colour of its background (a blank blue bar), which axe did not catch.
      expect(await contrastOf(open)).toBeGreaterThanOrEqual(4.5);
      expect(href).toMatch(/^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=1\.00&tr=[^&]+&tn=/);
    } else {
      const qr = page.getByRole('img', { name: 'UPI QR code to pay Rs 1' });
      const decoded = await decodeQr((await qr.getAttribute('src')) ?? '');
      expect(decoded).toMatch(/^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=1\.00&tr=[^&]+&tn=/);
    }
    await page.getByRole('button', { name: 'Simulate payment (sandbox)' }).click();
    await page.getByText('Bank account verified successfully').waitFor();
    await page.waitForURL(`**${routeAfter('bank_details')}`);
    const saved = await storedByPhone(env.db, phone);
    expect(saved.row.next_step).toBe(nextAfter('bank_details'));
    expect(saved.steps.bank_details).toMatchObject({ beneficiaryAccountType: 'savings', verification: { method: 'rpd' } });
  });
});
