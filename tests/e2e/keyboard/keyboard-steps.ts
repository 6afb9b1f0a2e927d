import type { Locator } from 'playwright-core';
import type { Page } from '../browser';
import type { RunningServer } from '../server';
import { exactly, type Said, type Say } from '../golden/journey-language';
import { answers, heading, picture, type Applicant } from '../golden/steps';
import type { KeyboardUser } from './keys';

/**
 * The golden journey's steps done with the keyboard alone (see keys.ts): every control reached by Tab, worked by
 * Enter, Space, arrows and typing; files chosen in the system picker a keyboard opens (Enter on the page's
 * button); the camera, the signature pad and the crop area never touched, only their keyboard alternatives.
 * `arrived` is called on each new screen (the test checks its heading there).
 */
export interface KeyboardJourney {
  page: Page;
  keys: KeyboardUser;
  say: Say;
  arrived: (route: string) => Promise<void>;
}

const button = (scope: Page | Locator, name: Said) => scope.getByRole('button', { name: exactly(name), exact: true });

/** Waits for the screen (its address, then its heading) and tells the test it has arrived. */
async function arrive({ page, say, arrived }: KeyboardJourney, route: string, title: string): Promise<void> {
  await page.waitForURL(`**${route}`);
  await heading(page, say(title));
  await arrived(route);
}

/** Tab to a button and press Enter. */
async function activate({ keys }: KeyboardJourney, target: Locator): Promise<void> {
  await keys.tabTo(target);
  await keys.press('Enter');
}

/** Tab to a checkbox and tick it with Space. */
async function tick({ page, keys }: KeyboardJourney, box: Locator): Promise<void> {
  await keys.tabTo(box);
  if (!(await box.isChecked())) await keys.press('Space');
  await box.and(page.locator(':checked, [aria-checked="true"]')).waitFor();
}

/** Tab into a field and type. */
async function typeInto({ keys }: KeyboardJourney, field: Locator, text: string): Promise<void> {
  await keys.tabTo(field);
  await keys.type(text);
}

/** A radio group: Tab reaches one radio (roving focus), the arrows move to `target`, Space chooses it. */
async function chooseRadio({ page, keys }: KeyboardJourney, group: Locator, target: Locator): Promise<void> {
  await keys.tabTo(group);
  for (let move = 0; move < 20 && !(await target.evaluate((element) => element === document.activeElement)); move += 1) await keys.press('ArrowDown');
  if (!(await target.evaluate((element) => element === document.activeElement))) throw new Error(`${page.url()}: the arrows never reached ${target}`);
  await keys.press('Space');
}

/** An antd select: Tab to it, ArrowDown opens its list and moves through it, Enter chooses the option shown active. */
async function chooseFromSelect({ page, keys }: KeyboardJourney, combobox: Locator, option: Said): Promise<void> {
  await keys.tabTo(combobox);
  const active = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');
  const wanted = typeof option === 'string' ? (text: string) => text.trim() === option : (text: string) => option.test(text.trim());
  await keys.press('ArrowDown');
  for (let move = 0; move < 40; move += 1) {
    if (await active.count() && wanted((await active.textContent()) ?? '')) {
      await keys.press('Enter');
      return;
    }
    await keys.press('ArrowDown');
  }
  throw new Error(`${page.url()}: ArrowDown never reached the option ${option}`);
}

/** A file chosen in the system picker that Enter on `opener` opens, as a keyboard user chooses one. */
async function chooseFile({ page, keys }: KeyboardJourney, opener: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await keys.tabTo(opener);
  const chooser = page.waitForEvent('filechooser', { timeout: 15_000 });
  await keys.press('Enter');
  await (await chooser).setFiles(file);
}

/** Digio's Web SDK simulator (KYC, selfie, eSign): its dialog's buttons by Tab and Enter. */
async function approveInWidget(journey: KeyboardJourney, title: string, capture = false): Promise<void> {
  const dialog = journey.page.getByRole('dialog', { name: title });
  await dialog.getByText(/^[KD]ID/).waitFor();
  if (capture) {
    await activate(journey, button(dialog, 'Capture'));
    await dialog.getByRole('img', { name: 'Captured photo' }).waitFor();
  }
  await activate(journey, button(dialog, 'Approve'));
}

/** The crop dialog: nothing dragged; Tab to its Next. */
async function cropAndKeep(journey: KeyboardJourney, title: Said): Promise<void> {
  const dialog = journey.page.getByRole('dialog', { name: title });
  await dialog.getByRole('slider', { name: journey.say('Zoom') }).waitFor();
  await activate(journey, button(dialog, journey.say('Next')));
  await dialog.waitFor({ state: 'detached' });
}

export async function signIn(journey: KeyboardJourney, server: RunningServer, who: Applicant): Promise<void> {
  const { page, say, arrived } = journey;
  await page.goto(`${server.url}/login${who.language ? `?lang=${who.language}` : ''}`);
  await heading(page, say('Open your Trading Account'));
  await arrived('/login');
  await typeInto(journey, page.getByLabel(say('Mobile Number')), who.phone);
  await tick(journey, page.getByRole('checkbox', { name: say('I have read the Privacy Notice and agree to the use of my data to open my account.') }));
  await activate(journey, button(page, say('Send OTP')));
  await arrive(journey, '/verify-otp', 'Verify your Mobile Number');
  await typeInto(journey, page.getByLabel(say('Digit {index} of {length}', { index: '1', length: '4' })), await server.latestCode(who.phone));
  await arrive(journey, '/add-email', 'Add your Email');
  await typeInto(journey, page.getByLabel(say('Email')), who.email);
  await activate(journey, button(page, say('Send OTP')));
  await arrive(journey, '/verify-email', 'Verify your Email');
  await typeInto(journey, page.getByLabel(say('Digit {index} of {length}', { index: '1', length: '4' })), await server.latestCode(who.email));
}

export async function verifyPan(journey: KeyboardJourney, who: Applicant): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/verify-pan', 'Verify your PAN');
  await typeInto(journey, page.getByLabel(say('PAN Number')), who.pan);
  await typeInto(journey, page.getByPlaceholder(say('Date of birth (in DD/MM/YYYY)')), '15/08/1990');
  await activate(journey, button(page, say('Verify and Continue')));
}

export async function kyc(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/kyc-verification', 'KYC Verification');
  await activate(journey, button(page, say('Begin Verification')));
  await approveInWidget(journey, 'DigiLocker KYC (sandbox)');
}

export async function panImage(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/pan-image-upload', 'Upload your PAN Card');
  await chooseFile(journey, button(page, say('Choose PAN card image')), { name: 'pan.jpg', mimeType: 'image/jpeg', buffer: await picture(2000, 1500, 'jpeg') });
  await cropAndKeep(journey, say('Review and crop your PAN card'));
  await page.getByRole('img', { name: say('Your PAN card') }).waitFor();
  await activate(journey, button(page, say('Upload')));
}

export async function personalDetails(journey: KeyboardJourney): Promise<void> {
  const { page, say, arrived } = journey;
  await page.waitForURL('**/personal-details');
  const question = async (title: string, choice: string) => {
    await heading(page, say(title));
    await arrived(`/personal-details (${title})`);
    await chooseRadio(journey, page.getByRole('radiogroup').getByRole('radio').first(), page.getByRole('radio', { name: exactly(say(choice)), exact: true }));
  };
  await question('What is your gender?', 'Female');
  await question('What is your marital status?', 'Married');
  await question('What is your occupation?', 'Private Sector');
  await question('What is your annual income?', '10-25 Lac');
  await question('How long have you been trading?', 'Between 2 to 5 years');
  await heading(page, say("Your Parents' Names"));
  await arrived("/personal-details (parents' names)");
  await typeInto(journey, page.getByLabel(say("Father's / Parent's Name")), answers.fatherName);
  await typeInto(journey, page.getByLabel(say("Mother's Name")), answers.motherName);
  await activate(journey, button(page, say('Next')));
  await heading(page, say('Choose your Trading Segments'));
  await arrived('/personal-details (segments)');
  await tick(journey, page.getByRole('checkbox', { name: say('Equity Derivatives') }));
  await page.getByRole('region', { name: say('Risk disclosures on derivatives') }).waitFor();
  await tick(journey, page.getByRole('checkbox', { name: say('I have read and understood the risk disclosures on derivatives') }));
  await tick(journey, page.getByRole('checkbox', { name: say('I agree to the other options below') }));
  await activate(journey, button(page, say('Next')));
}

export async function taxResidency(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/tax-residency', 'Tax Residency');
  const no = page.getByRole('radio', { name: exactly(say('No')), exact: true });
  await chooseRadio(journey, no.locator('xpath=ancestor::*[@role="radiogroup"][1]').getByRole('radio').first(), no);
  await typeInto(journey, page.getByLabel(say('Place of birth')), answers.placeOfBirth);
  await activate(journey, button(page, say('Continue')));
}

export async function bankByUpi(journey: KeyboardJourney): Promise<void> {
  const { page, say, arrived } = journey;
  await arrive(journey, '/link-bank-account', 'Link your Bank Account');
  await activate(journey, button(page, say('Continue')));
  await heading(page, say('Scan QR Code to Verify Bank'));
  await arrived('/link-bank-account (UPI)');
  await activate(journey, button(page, say('Simulate payment (sandbox)')));
}

export async function selfie(journey: KeyboardJourney): Promise<void> {
  const { page, say, arrived } = journey;
  await page.waitForURL('**/verify-image');
  await heading(page, say('Liveness Check'));
  await page.locator('button:not(.ant-btn-loading)', { hasText: say('Open Camera') }).waitFor();
  await arrived('/verify-image');
  await activate(journey, button(page, say('Open Camera')));
  await approveInWidget(journey, 'Liveness selfie (sandbox)', true);
}

/** The declarations, then the signature by its keyboard alternative: a photo of it chosen in the picker, cropped. */
export async function declarationAndSignature(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/sign-onboarding-form', 'Declarations and Signature');
  await tick(journey, page.getByRole('checkbox', { name: say('I am an Indian citizen') }));
  await tick(journey, page.getByRole('checkbox', { name: say('No regulatory action has been taken against me in the last 3 years') }));
  await tick(journey, page.getByRole('checkbox', { name: say('I am not a politically exposed person (PEP) or related to one') }));
  await activate(journey, button(page, say('Upload Signature')));
  const guidelines = page.getByRole('dialog', { name: say('Upload your signature') });
  await chooseFile(journey, button(guidelines, say('Choose Image')), { name: 'signature.png', mimeType: 'image/png', buffer: await picture(1200, 400, 'png') });
  await cropAndKeep(journey, say('Review and crop your signature'));
  await page.getByRole('img', { name: exactly(say('Your signature')), exact: true }).waitFor();
  await activate(journey, button(page, say('Save and Continue')));
}

/** One nominee with all of the share: the selects, the date, the pincode and the proof by keyboard. */
export async function nominee(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/add-nominee', 'Add Nominee');
  const card = page.getByRole('region', { name: say('Nominee {number}', { number: '1' }) });
  const combobox = (label: string) => card.getByRole('combobox', { name: exactly(say(label)), exact: true });
  await chooseFromSelect(journey, combobox('Title'), say('Mrs'));
  await typeInto(journey, card.getByLabel(say('First Name')), answers.nomineeFirstName);
  await typeInto(journey, card.getByLabel(say('Last Name')), answers.nomineeLastName);
  await chooseFromSelect(journey, combobox('Relationship'), say('Spouse'));
  await typeInto(journey, card.getByPlaceholder(/DD\/MM\/YYYY/), '15/08/1985');
  await typeInto(journey, card.getByLabel(say('Mobile Number')), '9876543210');
  await typeInto(journey, card.getByLabel(say('Email')), answers.nomineeEmail);
  await typeInto(journey, card.getByLabel(say('Address Line 1')), answers.nomineeAddress);
  await typeInto(journey, card.getByLabel(say('Pincode')), '560001');
  await card.getByText(/Bengaluru/).first().waitFor({ timeout: 10_000 });
  await typeInto(journey, card.getByLabel(say('Share (%)')), '100');
  await chooseFromSelect(journey, combobox('Identifier'), say('PAN'));
  await typeInto(journey, card.getByLabel(say('Identifier number'), { exact: true }), 'ABCPI1234K');
  await chooseFile(journey, button(card, say('Upload document image')), { name: 'proof.png', mimeType: 'image/png', buffer: await picture(800, 500, 'png') });
  await card.getByRole('img', { name: say("Nominee's proof of identity") }).waitFor();
  await activate(journey, button(page, say('Save')));
}

export async function incomeProofByAggregator(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/add-income-details', 'Enable F&O Trading');
  const automatic = page.getByRole('radio', { name: say('Automatic Verification') });
  await chooseRadio(journey, page.getByRole('radio').first(), automatic);
  await activate(journey, button(page, say('Next')));
  await page.waitForURL('**/sim/setu/v2/consents/webview/**');
  await page.getByRole('heading', { name: 'Setu account aggregator (simulator)' }).waitFor();
  await activate(journey, button(page, 'Approve'));
}

export async function esign(journey: KeyboardJourney): Promise<void> {
  const { page, say } = journey;
  await arrive(journey, '/aadhaar-esign', 'Aadhaar eSign');
  await tick(journey, page.getByRole('checkbox', { name: say('I have read and understood the Most Important Terms and Conditions') }));
  await activate(journey, button(page, say('Acknowledge and continue')));
  const items = page.getByRole('list', { name: say('Documents to Sign') }).getByRole('listitem');
  await items.first().waitFor();
  const names = await items.locator('strong').allTextContents();
  for (const [index, name] of names.entries()) {
    await activate(journey, items.filter({ hasText: name }).getByRole('button', { name: say('Sign') }));
    await approveInWidget(journey, 'Aadhaar eSign (sandbox)');
    if (index < names.length - 1) await items.filter({ hasText: name }).getByText(exactly(say('Signed')), { exact: true }).waitFor();
  }
}

export async function pending(journey: KeyboardJourney): Promise<void> {
  await arrive(journey, '/completed', 'KYC Verification Pending');
}
