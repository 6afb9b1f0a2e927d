import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { progress } from '../../core/engine/progress';
import { errorReply } from './support/adapter';
import { FakeServer } from './support/fake-server';
import { findHeading, renderApp } from './support/render-app';

/** Issue 20: the frame of every signed-in page, and where focus goes when the page changes (WCAG 2.4.3). */

const footer = () => within(screen.getByRole('navigation', { name: 'Terms, privacy and help' }));

describe('the frame around the pages', () => {
  it("a signed-in page greets the applicant by the PAN name, says the overall progress and offers Logout", async () => {
    renderApp({ path: '/personal-details', signedIn: { nextStep: 'personal_details', name: 'SNEHA SHARMA' } });
    await findHeading('What is your gender?');
    expect(screen.getByText('Welcome, SNEHA SHARMA')).toBeTruthy();
    expect(screen.getByText(`Application ${progress(defaultBundle.flow, 'personal_details').percent}% complete`)).toBeTruthy();
    expect(footer().getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('one count: the top bar and the Resume screen say the same figure; 100 % once submitted, less while a sent-back step waits (issue 32)', async () => {
    const { total } = progress(defaultBundle.flow, 'bank_details');
    renderApp({ path: '/', signedIn: { nextStep: 'bank_details' } });
    await findHeading('Resume your Application');
    const { done, percent } = progress(defaultBundle.flow, 'bank_details');
    expect(screen.getByText(`${done} of ${total} steps`)).toBeTruthy();
    expect(screen.getByText(`Application ${percent}% complete`)).toBeTruthy();
  });

  const journeySteps = progress(defaultBundle.flow, null).total;
  it.each([
    ['submitted', { nextStep: 'verification_pending' }, 100],
    ['with two steps sent back', { nextStep: 'modification', rejectedSteps: { pan_image_upload: { reason: 'Blurred' }, signature: { reason: 'Unclear' } } }, Math.round((100 * (journeySteps - 2)) / journeySteps)],
  ])('the top bar when %s', async (_when, user, percent) => {
    renderApp({ path: '/completed', signedIn: user });
    expect(await screen.findByText(`Application ${percent}% complete`)).toBeTruthy();
  });

  it('before the PAN is verified there is no name to greet, and Logout is there all the same', async () => {
    renderApp({ path: '/verify-pan', signedIn: { nextStep: 'pan_verification', name: null } });
    await findHeading('Verify your PAN');
    expect(screen.queryByText(/^Welcome,/)).toBeNull();
    expect(footer().getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("a visitor who is not signed in sees the legal links from messages.json (Privacy: the app's own page), and no Logout", async () => {
    renderApp({ path: '/login' });
    await findHeading('Open your Trading Account');
    const { links } = defaultBundle.messages;
    expect(footer().getAllByRole<HTMLAnchorElement>('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      // Issue 30: "Need help?" on every page, remembering the page.
      ['Need help?', '/help?from=%2Flogin'],
      ['Terms', links.terms],
      ['Privacy', defaultBundle.flow.routes.privacy],
      ['Help', links.support],
    ]);
    expect(footer().queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByText(/% complete$/)).toBeNull();
  });

  it("names the broker: its name and logo on /login, its SEBI registration and member ids in the footer (messages.json brand)", async () => {
    renderApp({ path: '/login' });
    await findHeading('Open your Trading Account');
    const { brand } = defaultBundle.messages;
    // The panel's and, for a phone, the card's (CSS shows one of the two).
    expect(screen.getAllByText(brand.name, { selector: '.onboard-brand-name' })).toHaveLength(2);
    for (const logo of document.querySelectorAll<HTMLImageElement>('.onboard-brand-logo')) expect(logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml,|\/logo[^/]*\.svg$/);
    const legal = screen.getByRole('navigation', { name: 'Terms, privacy and help' }).querySelector('.onboard-legal')!;
    expect([...legal.children].map((part) => part.textContent)).toEqual([
      brand.name,
      `SEBI Reg. No. ${brand.sebiRegistration}`,
      ...brand.exchangeMembers.map(({ body, id }) => `${body} member ID ${id}`),
      ...brand.depositoryParticipants.map(({ body, id }) => `${body} DP ID ${id}`),
    ]);
  });

  it("a signed-in page keeps the broker's registration in the footer and its name on the panel only", async () => {
    renderApp({ path: '/verify-pan', signedIn: { nextStep: 'pan_verification', name: null } });
    await findHeading('Verify your PAN');
    const { brand } = defaultBundle.messages;
    expect(screen.getAllByText(brand.name, { selector: '.onboard-brand-name' })).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Terms, privacy and help' }).querySelector('.onboard-legal')?.textContent).toContain(`SEBI Reg. No. ${brand.sebiRegistration}`);
  });
});

describe('focus after a change of page', () => {
  it("Continue on the resume screen: the next page's heading has focus, not the page's body", async () => {
    renderApp({ path: '/', signedIn: { nextStep: 'aadhaar_verification' } });
    await findHeading('Resume your Application');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await findHeading('KYC Verification');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('each personal-details question that moves on by itself puts focus on the next question', async () => {
    renderApp({ path: '/personal-details', signedIn: { nextStep: 'personal_details' } });
    await findHeading('What is your gender?');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const next = await findHeading('What is your marital status?');
    await waitFor(() => expect(document.activeElement).toBe(next));
    await user.click(screen.getByRole('radio', { name: 'Married' }));
    const third = await findHeading('What is your occupation?');
    await waitFor(() => expect(document.activeElement).toBe(third));
  });

  it('the first page of a visit keeps its own focus (the PAN field)', async () => {
    renderApp({ path: '/verify-pan', signedIn: { nextStep: 'pan_verification' } });
    await findHeading('Verify your PAN');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('PAN Number')));
  });
});

describe('Enter on a form whose button waits', () => {
  it('a valid PAN and no date of birth: Enter shows why and puts focus on the date of birth', async () => {
    renderApp({ path: '/verify-pan', signedIn: { nextStep: 'pan_verification' } });
    await findHeading('Verify your PAN');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('PAN Number'), 'ABCPS1234F{Enter}');
    const birth = screen.getByLabelText('Date of Birth');
    await waitFor(() => expect(document.activeElement).toBe(birth));
    expect(birth.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(birth.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error?.textContent).toBe('Date of Birth is required');
    expect(error?.getAttribute('role')).toBe('alert');
  });

  it("parents' names: 'Raj' keeps Next waiting and says why once left, and on Enter", async () => {
    renderApp({ path: '/personal-details', signedIn: { nextStep: 'personal_details' } });
    const user = userEvent.setup();
    for (const [question, answer] of answers) {
      await findHeading(question);
      await user.click(screen.getByRole('radio', { name: answer }));
    }
    await findHeading("Your Parents' Names");
    const father = screen.getByLabelText("Father's / Parent's Name");
    await user.type(father, 'Raj');
    expect(screen.queryByText('Enter more than 3 characters')).toBeNull();
    await user.type(screen.getByLabelText("Mother's Name"), 'Sita Devi');
    expect(screen.getByText('Enter more than 3 characters')).toBeTruthy();
    expect(father.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await user.type(screen.getByLabelText("Mother's Name"), '{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(father));
    await user.type(father, 'u');
    expect(screen.queryByText('Enter more than 3 characters')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false);
  });
});

/** The first five questions and an answer to each: then the parents' page. */
const answers = [
  ['What is your gender?', 'Female'],
  ['What is your marital status?', 'Married'],
  ['What is your occupation?', 'Professional'],
  ['What is your annual income?', '5-10 Lac'],
  ['How long have you been trading?', 'Between 2 to 5 years'],
] as const;

describe('toasts are announced', () => {
  it("a red toast is a live alert (the PAN registry's refusal)", async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.on('POST /user/pan-number', () => errorReply(400, 'PAN not found in KRA records'));
    renderApp({ path: '/verify-pan', server, signedIn: { nextStep: 'pan_verification' } });
    await findHeading('Verify your PAN');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('PAN Number'), 'ABCPE0000F');
    await user.type(screen.getByLabelText('Date of Birth'), '15081990');
    await user.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    const toast = await screen.findByText('PAN not found in KRA records', {}, { timeout: 8000 });
    expect(toast.closest('[role="alert"]')).not.toBeNull();
  });
});
