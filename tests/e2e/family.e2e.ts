import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { messageText } from '../../core/engine/message-codes';
import { defaultConfigDir, loadConfig } from '../../server/config/load-config';
import { axeFindings, describeFindings } from './axe';
import { settled, type Page } from './browser';
import { acceptPrivacyNotice, signedInThroughApi } from './journey';
import { onScreen } from './on-screen';
import { ownServerAndBrowser } from './own-session';

/**
 * Issue 30 in a real browser: a family member who shares the holder's mobile number opens an application of their
 * own (from the footer, declaring whose number it is); signing in with that number again asks whose application to
 * continue. Both languages; every state checked with axe.
 */

type Copy = Record<'title' | 'yours' | 'familySubmit' | 'listLabel' | 'declared' | 'continue', string>;
const pageCopy = (...path: string[]) =>
  (JSON.parse(readFileSync(join(defaultConfigDir, ...path, 'pages', 'family.json'), 'utf8')) as { pages: Record<string, { copy: Copy }> }).pages['/applications']!.copy;
const relationsIn = (...path: string[]) =>
  (JSON.parse(readFileSync(join(defaultConfigDir, ...path, 'pages', 'email.json'), 'utf8')) as { pages: Record<string, { options: { familyRelations: { label: string }[] } }> }).pages['/add-email']!.options.familyRelations;
const english = pageCopy();
const hindi = pageCopy('languages', 'hi');
const { messages, translations } = loadConfig();
const hindiShell = (translations.files.hi?.['messages.json'] as { shell: Record<'footer' | 'familyApplications', string> } | undefined)?.shell;
const hindiName = translations.languages.languages.find((language) => language.code === 'hi')!.name;

const session = ownServerAndBrowser({ width: 390, height: 844 });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function noSeriousViolations(page: Page): Promise<void> {
  await settled(page);
  expect(describeFindings(await axeFindings(page))).toEqual([]);
}

it('a dependent parent opens their own application on the holder\'s number; signing in again asks whose to continue', async () => {
  const { page } = session.browser();
  const env = session.env();
  const phone = '9876531001';
  await signedInThroughApi(page, env.server, phone, 'holder.family@example.in');
  await page.waitForURL('**/verify-pan');

  const footer = page.getByRole('navigation', { name: messages.shell.footer });
  await footer.getByRole('link', { name: messages.shell.familyApplications! }).click();
  await heading(page, english.title);
  await page.getByText(english.yours).waitFor();
  await noSeriousViolations(page);

  // No relation chosen: the refusal is on screen, announced, and nothing is opened.
  await page.getByRole('button', { name: english.familySubmit }).click();
  const alert = page.getByRole('alert').filter({ hasText: messageText(messages, 'regulation.unknownMobileRelation') });
  await alert.waitFor();
  expect(await onScreen(page, alert)).toBe(true);
  await noSeriousViolations(page);

  const parent = relationsIn()[2]!;
  await page.getByRole('radio', { name: parent.label }).check();
  await page.getByRole('button', { name: english.familySubmit }).click();
  // The number is verified: the family member's own application starts at their email.
  await page.waitForURL('**/add-email');
  await page.getByLabel('Email').waitFor();

  // Signed in again with the number: whose application to continue.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${env.server.url}/login`);
  await page.getByLabel('Mobile Number').fill(phone);
  await acceptPrivacyNotice(page);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-otp');
  await page.getByLabel('Digit 1 of 4').pressSequentially(await env.server.latestCode(phone));
  await page.waitForURL('**/applications');
  await heading(page, english.title);
  const cards = page.getByRole('list', { name: english.listLabel }).getByRole('listitem');
  await cards.nth(1).waitFor();
  expect(await cards.count()).toBe(2);
  await cards.nth(1).getByText(english.declared.replace('{relation}', parent.label)).waitFor();
  await noSeriousViolations(page);

  // In Hindi: the page's words and the relations in Hindi.
  await footer.getByRole('button', { name: hindiName }).click();
  await heading(page, hindi.title);
  await page.getByRole('radio', { name: relationsIn('languages', 'hi')[0]!.label }).waitFor();
  await page.getByRole('navigation', { name: hindiShell!.footer }).getByRole('link', { name: hindiShell!.familyApplications }).waitFor();
  await noSeriousViolations(page);

  await page.getByRole('list', { name: hindi.listLabel }).getByRole('listitem').nth(1).getByRole('button', { name: hindi.continue }).click();
  await page.waitForURL('**/add-email');
});
