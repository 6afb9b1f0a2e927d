import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { setPanRecord, setProgress, startServerWithDb, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';
import { onScreen } from './on-screen';
import { settled } from './settle';

/** Issue 20, rows 4, 9 and 14: where the panel, the toasts and the loading overlay sit, in a real browser. */

let env: ServerWithDb;
beforeAll(async () => {
  env = await startServerWithDb({ bank: { branchSnapshot: false } });
});
afterAll(async () => env?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function applicantAt(page: Page, phone: string, progress: { currentStep: string; nextStep: string }, route: string, pan = true) {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await signedInThroughApi(page, env.server, phone, `layout.${phone}@example.in`);
  if (pan) await setPanRecord(env.db, phone, { pan: `ABCPS${phone.slice(-4)}F`, name: 'SNEHA SHARMA', dateOfBirth: '15/08/1990' });
  await setProgress(env.db, phone, progress);
  await page.goto(`${env.server.url}${route}`);
}

describe('on a desktop (1366×768)', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser({ width: 1366, height: 768 });
  });
  afterAll(async () => browser?.close());

  it("a long page's panel keeps its title in the window, at the top and scrolled to the bottom", async () => {
    const { page } = browser;
    await applicantAt(page, '9876519001', { currentStep: 'liveliness_detection', nextStep: 'declaration' }, '/sign-onboarding-form');
    await page.getByRole('heading', { level: 1, name: 'Declarations and Signature' }).waitFor();
    const title = page.getByTestId('marketing-panel').getByRole('heading', { level: 2 });
    expect(await title.textContent()).toBe('Declarations and Signature');
    const inWindow = async () => {
      const box = (await title.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 768;
    };
    expect(await inWindow()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await inWindow()).toBe(true);
  });
});

describe('toasts on a desktop (1366×768)', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser({ width: 1366, height: 768 });
  });
  afterAll(async () => browser?.close());

  it("a long page's toasts stay off its card (its heading is at the top of the window)", async () => {
    const { page } = browser;
    await applicantAt(page, '9876519003', { currentStep: 'signature', nextStep: 'nominee' }, '/add-nominee');
    const heading = page.getByRole('heading', { level: 1, name: 'Add Nominee' });
    await heading.waitFor();
    // Where the toasts come to rest, without waiting for their slide in (a toast lasts two seconds; a loaded machine's
    // wait for the page to settle can outlast it): the same places, reached at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Two Saves: two toasts, the second stacked under the first, lower down the window.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const toasts = page.locator('.ant-message-notice').filter({ hasText: 'Invalid Details' });
    await toasts.nth(1).waitFor();
    // Measured at once, both in one go: a toast lasts two seconds, which waiting for the page to settle can outlast.
    const boxes = await toasts.evaluateAll((found) =>
      found.map((toast) => {
        const { left, right, top, bottom } = toast.getBoundingClientRect();
        return { x: left, y: top, width: right - left, height: bottom - top, inWindow: left >= 0 && top >= 0 && right <= innerWidth && bottom <= innerHeight };
      }),
    );
    expect(boxes).toHaveLength(2);
    const cardBox = (await page.locator('.onboard-card').boundingBox())!;
    const panelBox = (await page.locator('.onboard-panel').boundingBox())!;
    for (const { inWindow, ...toastBox } of boxes) {
      expect(overlaps(toastBox, cardBox)).toBe(false);
      expect(inWindow).toBe(true);
      // Issue 32: at the panel's edge beside the card, where the applicant is looking, not in the panel's middle.
      expect(panelBox.x + panelBox.width - (toastBox.x + toastBox.width)).toBeLessThanOrEqual(48);
    }
  });
});

describe('on a phone (390×844)', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 844 });
  });
  afterAll(async () => browser?.close());

  it('a red toast leaves the heading uncovered; the loading caption sits in the middle of the window on a card of its own', async () => {
    const { page } = browser;
    await applicantAt(page, '9876519002', { currentStep: 'email_verification', nextStep: 'pan_verification' }, '/verify-pan', false);
    const heading = page.getByRole('heading', { level: 1, name: 'Verify your PAN' });
    await heading.waitFor();
    // A PAN the sandbox registry does not know: the red toast.
    await page.getByLabel('PAN Number').pressSequentially('ABCPE0000F');
    await page.getByPlaceholder('Date of birth (in DD/MM/YYYY)').pressSequentially('15/08/1990');
    await page.getByRole('button', { name: 'Verify and Continue' }).click();
    const toast = page.locator('.ant-message-notice').filter({ hasText: 'PAN not found in KRA records' });
    await toast.waitFor();
    await settled(page);
    expect(overlaps((await toast.boundingBox())!, (await heading.boundingBox())!)).toBe(false);
    // Seen means on screen: antd's holder once put it just below the bottom edge, where no phone user saw it.
    expect(await onScreen(page, toast)).toBe(true);

    // One it answers after ~4 s: the overlay's caption meanwhile.
    await page.getByLabel('PAN Number').fill('');
    await page.getByLabel('PAN Number').pressSequentially('ABCPE9999F');
    await page.getByRole('button', { name: 'Verify and Continue' }).click();
    const caption = page.getByText('Verifying your PAN with the KRA registry…');
    await caption.waitFor();
    const box = (await caption.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(24);
    expect(box.x + box.width).toBeLessThanOrEqual(390 - 24);
    expect(Math.abs(box.y + box.height / 2 - 844 / 2)).toBeLessThan(80);
    expect(await caption.evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
    // No field shows through the caption: it is on an opaque card.
    const card = caption.locator('xpath=ancestor::div[contains(@class, "ant-spin-section")]');
    expect(await card.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
    // The slow answer arrives before the test ends: a request still open at the server's close held it for a minute.
    await caption.waitFor({ state: 'hidden', timeout: 15_000 });
  });
});
