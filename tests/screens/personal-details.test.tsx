import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { continueRoute, stepAfter } from '../../core/engine/flow';
import { isFormPage, mergePages, type ConfigBundle } from '../../core/engine/config-types';
import { errorReply, type FakeRequest } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { nodeValidators, realStepSchemas } from '../renderer/support/node-validators';
import { renderFormApp } from '../renderer/support/render-form-app';
import { schemaOptions, schemaTextAt } from '../fixtures/schema-texts';

const route = '/personal-details';
// The page's questions as flow-config words and orders them (the spec's seven: tests/config/spec-contract.test.ts).
const page = mergePages(defaultBundle)[route]!;
if (!isFormPage(page)) throw new Error(`${route} is not a form page`);
const titles = (page.form.uiSchema!['ui:options'] as { pages: { title: string }[] }).pages.map((question) => question.title);
const options = (field: string) => schemaOptions('personal-details', field);
// The bundled declarations and how many show before 'Show More', as the page's config lists them.
const declarationOptions = (page.form.uiSchema!.otherOptionsDeclaration as { 'ui:options': { items: string[]; visible: number } })['ui:options'];
const lowIncomeMessage = schemaTextAt('personal-details', 'allOf.0.then.properties.segments.errorMessage');

/** The applicant at personal details; the fake server saves the details and moves them on to the next step of the flow. */
function open(bundle: ConfigBundle = defaultBundle) {
  const server = new FakeServer(bundle.flow);
  const posted: FakeRequest[] = [];
  server.on('POST /user/personal-details', (request) => {
    posted.push(request);
    const user = makeUser({ ...request.body, currentStep: 'personal_details', nextStep: stepAfter(bundle.flow, 'personal_details') ?? null });
    return { status: 200, body: { message: 'Personal Details Saved!', user } };
  });
  const app = renderApp({ path: route, bundle, server, signedIn: { nextStep: 'personal_details' } });
  return { ...app, posted, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

const radios = () => screen.getAllByRole('radio').map((radio) => radio.textContent);
const segment = (name: RegExp) => screen.getByRole<HTMLInputElement | HTMLButtonElement>('checkbox', { name });
/** A box's state: a native checkbox's, or an option card's (a button with role checkbox). */
const isChecked = (box: HTMLInputElement | HTMLButtonElement) => (box instanceof HTMLInputElement ? box.checked : box.getAttribute('aria-checked') === 'true');
const agreeText = 'I agree to the other options below';
const acknowledgeText = 'I have read and understood the risk disclosures on derivatives';
/** The applicant's own ticks on the segments page. */
const agree = (user: User) => user.click(segment(new RegExp(`^${agreeText}`)));
const acknowledge = (user: User) => user.click(segment(new RegExp(`^${acknowledgeText}`)));
const disclosure = () => screen.queryByRole('region', { name: 'Risk disclosures on derivatives' });
const progressText = (step: number) => screen.getByText(`Question ${step} of ${titles.length}`);

async function choose(user: User, option: string, nextTitle?: string) {
  await user.click(screen.getByRole('radio', { name: option }));
  if (nextTitle) await findHeading(nextTitle);
}

/** Answers the first five questions (income as given) and lands on the parents step. */
async function answerChoices(user: User, income = '5-10 Lac') {
  await findHeading(titles[0]!);
  await choose(user, 'Female', titles[1]);
  await choose(user, 'Married', titles[2]);
  await choose(user, 'Professional', titles[3]);
  await choose(user, income, titles[4]);
  await choose(user, 'Between 2 to 5 years', titles[5]);
}

async function answerParents(user: User) {
  await user.type(screen.getByLabelText("Father's / Parent's Name"), 'Ramesh Iyer');
  await user.type(screen.getByLabelText("Mother's Name"), 'Lakshmi Iyer');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await findHeading(titles[6]!);
}

describe('personal details: its steps from config', () => {
  it('shows the steps in order with a progress bar; choosing an option advances', async () => {
    const { user } = open();
    const answers = ['Male', 'Unmarried', 'Business', '1-5 Lac', 'Below 1 year'];
    for (const [index, title] of titles.entries()) {
      await findHeading(title);
      expect(progressText(index + 1)).toBeTruthy();
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(Math.round(((index + 1) / titles.length) * 100)));
      const answer = answers[index];
      if (answer) await choose(user, answer);
      else if (index === 5) await answerParents(user);
    }
  });

  it.each([
    ['gender', 0, options('gender')],
    ['maritalStatus', 1, options('maritalStatus')],
    ['occupation (the first 6)', 2, options('occupation').slice(0, 6)],
    ['incomeSegment, reversed', 3, options('incomeSegment').reverse()],
    ['tradingExperience', 4, options('tradingExperience')],
  ])('%s offers the schema options as a radio group', async (_name, index, expected) => {
    const { user } = open();
    const picks = ['Male', 'Unmarried', 'Business', '1-5 Lac'];
    await findHeading(titles[0]!);
    for (const pick of picks.slice(0, index)) await choose(user, pick);
    await findHeading(titles[index]!);
    const group = screen.getByRole('radiogroup', { name: titles[index] });
    expect(within(group).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(expected);
  });

  it('occupation: more than 5 options shows 6 plus View More, then all of them and View Less', async () => {
    const { user } = open();
    await findHeading(titles[0]!);
    await choose(user, 'Male', titles[1]);
    await choose(user, 'Married', titles[2]);
    expect(radios()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'View More' }));
    expect(radios()).toEqual(options('occupation'));
    await user.click(screen.getByRole('button', { name: 'View Less' }));
    expect(radios()).toHaveLength(6);
    // Six options or fewer (income has six) are all listed already: no View More that would reveal nothing.
    await choose(user, 'Business', titles[3]);
    const income = options('incomeSegment');
    expect(radios()).toHaveLength(Math.min(income.length, 6));
    expect(screen.queryByRole('button', { name: 'View More' }) !== null).toBe(income.length > 6);
  });

  it('Back goes to the previous step with its answer kept; Back is disabled on the first step', async () => {
    const { user } = open();
    await findHeading(titles[0]!);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back' }).disabled).toBe(true);
    await choose(user, 'Others', titles[1]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findHeading(titles[0]!);
    expect(progressText(1)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Others' }).getAttribute('aria-checked')).toBe('true');
    // An answered question can be left with Next as well as by choosing again.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findHeading(titles[1]!);
  });

  it('arrow keys move between options; Enter chooses', async () => {
    const { user } = open();
    await findHeading(titles[0]!);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Male');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Others');
    await user.keyboard('{Enter}');
    await findHeading(titles[1]!);
  });
});

describe('personal details: parents step', () => {
  it.each([
    ['', '', false],
    ['Ram', 'Sita Devi', false],
    ['Ramu', 'Sit', false],
    ['   Ram   ', 'Sita Devi', false],
    ['Ramu', 'Sita', true],
    ['Ramesh Iyer', 'Lakshmi Iyer', true],
  ])('father %j, mother %j: Next enabled %s (both names must exceed 3 characters)', async (father, mother, enabled) => {
    const { user } = open();
    await answerChoices(user);
    if (father) await user.type(screen.getByLabelText("Father's / Parent's Name"), father);
    if (mother) await user.type(screen.getByLabelText("Mother's Name"), mother);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(!enabled);
  });

  it('each name is at most 30 characters; the father field says the parent name is needed for KYC', async () => {
    const { user } = open();
    await answerChoices(user);
    const father = screen.getByLabelText<HTMLInputElement>("Father's / Parent's Name");
    await user.type(father, 'A'.repeat(35));
    expect(father.value).toBe('A'.repeat(30));
    const mother = screen.getByLabelText<HTMLInputElement>("Mother's Name");
    await user.type(mother, 'B'.repeat(31));
    expect(mother.value).toHaveLength(30);
    expect(father.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(father.getAttribute('aria-describedby')!)?.textContent).toBe('Your parent\'s name is needed for KYC');
  });
});

describe('personal details: segments', () => {
  it('shows Charges & Fees with Learn More, and the declarations with Show More / Show Less', async () => {
    const { user } = open();
    await answerChoices(user);
    await answerParents(user);
    expect(screen.getByText('Charges & Fees')).toBeTruthy();
    expect(screen.getByText('Rs 20 per order for intraday, delivery and F&O')).toBeTruthy();
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'Learn More' }).target).toBe('_blank');
    const declarations = () => screen.getByRole('region', { name: 'I agree to the other options below' }).querySelectorAll('li');
    expect(declarations()).toHaveLength(declarationOptions.visible);
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect([...declarations()].map((item) => item.textContent)).toEqual(declarationOptions.items);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(declarations()).toHaveLength(declarationOptions.visible);
  });

  it('EQ is selected and cannot be unselected; FNO, CD and COM toggle', async () => {
    const { user } = open();
    await answerChoices(user);
    await answerParents(user);
    expect(isChecked(segment(/^Equity(?! Derivatives)/))).toBe(true);
    expect(segment(/^Equity(?! Derivatives)/).disabled).toBe(true);
    // A click that gets through anyway (the control is disabled) still leaves EQ selected.
    fireEvent.click(segment(/^Equity(?! Derivatives)/));
    expect(isChecked(segment(/^Equity(?! Derivatives)/))).toBe(true);
    for (const name of [/^Equity Derivatives/, /^Currency Derivatives/, /^Commodity Derivatives/]) {
      expect(isChecked(segment(name))).toBe(false);
      await user.click(segment(name));
      expect(isChecked(segment(name))).toBe(true);
      await user.click(segment(name));
      expect(isChecked(segment(name))).toBe(false);
    }
  });

  it("F&O with income 'Below Rs 1 Lac' warns; 'Remove F&O' removes it", async () => {
    const { user } = open();
    await answerChoices(user, 'Below Rs 1 Lac');
    await answerParents(user);
    await user.click(segment(/^Equity Derivatives/));
    const dialog = await screen.findByRole('dialog', { name: 'Income too low for F&O' });
    expect(within(dialog).getByText(lowIncomeMessage)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove F&O' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(isChecked(segment(/^Equity Derivatives/))).toBe(false);
    expect(isChecked(segment(/^Equity(?! Derivatives)/))).toBe(true);
  });

  it('on a phone the warning is a bottom drawer that only its two actions close', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query.includes('max-width: 500px') })) as typeof window.matchMedia;
    try {
      const { user } = open();
      await answerChoices(user, 'Below Rs 1 Lac');
      await answerParents(user);
      await user.click(segment(/^Equity Derivatives/));
      const dialog = await screen.findByRole('dialog', { name: 'Income too low for F&O' });
      expect(dialog.closest('.ant-drawer-bottom')).not.toBeNull();
      expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Income too low for F&O' })).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Remove F&O' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      window.matchMedia = wide;
    }
  });

  it("'Reselect Income' goes back to the income step (step 4); a new income returns to the segments with F&O kept", async () => {
    const { user } = open();
    await answerChoices(user, 'Below Rs 1 Lac');
    await answerParents(user);
    await user.click(segment(/^Equity Derivatives/));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reselect Income' }));
    await findHeading(titles[3]!);
    expect(progressText(4)).toBeTruthy();
    await choose(user, '10-25 Lac', titles[6]);
    expect(isChecked(segment(/^Equity Derivatives/))).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a low income chosen after F&O is caught by the final Next', async () => {
    const { user, posted } = open();
    await answerChoices(user);
    await answerParents(user);
    await user.click(segment(/^Equity Derivatives/));
    for (let step = 6; step > 3; step -= 1) await user.click(screen.getByRole('button', { name: 'Back' }));
    await findHeading(titles[3]!);
    await choose(user, 'Below Rs 1 Lac', titles[4]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findHeading(titles[6]!);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Income too low for F&O' })).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('no declaration comes ticked: Next with the box unticked says what is missing and sends nothing', async () => {
    const { user, posted } = open();
    await answerChoices(user);
    await answerParents(user);
    expect(isChecked(segment(new RegExp(`^${agreeText}`)))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByText("Tick 'I agree to the other options below' to continue")).closest('[role="alert"]')).not.toBeNull();
    expect(posted).toHaveLength(0);
    await agree(user);
    await waitFor(() => expect(screen.queryByText("Tick 'I agree to the other options below' to continue")).toBeNull());
  });

  it("choosing F&O shows SEBI's risk disclosure (from config) with an unticked acknowledgement; without it Next says so", async () => {
    const { user, posted } = open();
    await answerChoices(user);
    await answerParents(user);
    expect(disclosure()).toBeNull();
    await user.click(segment(/^Equity Derivatives/));
    const shown = disclosure();
    expect(within(shown!).getByText('9 out of 10 individual traders in equity Futures and Options Segment, incurred net losses.')).toBeTruthy();
    expect(within(shown!).getByRole<HTMLAnchorElement>('link', { name: "Read SEBI's study" }).href).toMatch(/^https:\/\/www\.sebi\.gov\.in\//);
    expect(isChecked(segment(new RegExp(`^${acknowledgeText}`)))).toBe(false);
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Read the risk disclosure on derivatives and tick to acknowledge it, or remove Equity Derivatives')).toBeTruthy();
    expect(posted).toHaveLength(0);
    // Without F&O there is nothing to acknowledge.
    await user.click(segment(/^Equity Derivatives/));
    expect(disclosure()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).not.toHaveProperty('fnoRiskAcknowledged');
  });

  it('final Next is disabled with no segment (a schema where EQ is not required, so not locked)', async () => {
    renderFormApp({ path: route, user: { nextStep: 'personal_details' }, validators: nodeValidators(equityNotRequired()) });
    const user = userEvent.setup();
    await answerChoices(user);
    await answerParents(user);
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    expect(next.disabled).toBe(false);
    await user.click(segment(/^Equity(?! Derivatives)/));
    expect(isChecked(segment(/^Equity(?! Derivatives)/))).toBe(false);
    expect(next.disabled).toBe(true);
    await user.click(segment(/^Currency Derivatives/));
    expect(next.disabled).toBe(false);
  });
});

describe('personal details: progress and submit', () => {
  it('progress is stored locally and restored after a remount', async () => {
    const first = open();
    await findHeading(titles[0]!);
    await choose(first.user, 'Female', titles[1]);
    await choose(first.user, 'Married', titles[2]);
    await choose(first.user, 'Business', titles[3]);
    cleanup();

    const second = open();
    await findHeading(titles[3]!);
    expect(progressText(4)).toBeTruthy();
    await second.user.click(screen.getByRole('button', { name: 'Back' }));
    await findHeading(titles[2]!);
    expect(screen.getByRole('radio', { name: 'Business' }).getAttribute('aria-checked')).toBe('true');
  });

  it('posts exactly the schema payload, toasts Personal Details Saved!, clears the progress and goes to the next step', async () => {
    const { user, posted, path } = open();
    await answerChoices(user, '25 Lac-1 Cr');
    await answerParents(user);
    await user.click(segment(/^Equity Derivatives/));
    await user.click(segment(/^Commodity Derivatives/));
    await acknowledge(user);
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Personal Details Saved!')).toBeTruthy();
    await waitFor(() => expect(path()).toBe(continueRoute(defaultBundle.flow, stepAfter(defaultBundle.flow, 'personal_details'))));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      gender: 'Female',
      maritalStatus: 'Married',
      occupation: 'Professional',
      incomeSegment: '25 Lac-1 Cr',
      tradingExperience: 'Between 2 to 5 years',
      fatherName: 'Ramesh Iyer',
      motherName: 'Lakshmi Iyer',
      segments: ['EQ', 'FNO', 'COM'],
      fnoRiskAcknowledged: true,
      otherOptionsDeclaration: true,
    });
    expect(Object.keys(localStorage).filter((key) => key.startsWith('progress:'))).toEqual([]);
  });

  it("a server refusal shows its message in red and keeps the answers", async () => {
    const { user, server, path } = open();
    server.on('POST /user/personal-details', () => errorReply(400, lowIncomeMessage));
    await answerChoices(user);
    await answerParents(user);
    await agree(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(lowIncomeMessage)).toBeTruthy();
    expect(path()).toBe(route);
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1, name: titles[6] })).toBeTruthy();
  });
});

/** The repository's schemas with the Equity segment no longer required (the schema's `contains` is what locks it). */
function equityNotRequired() {
  const schemas = realStepSchemas();
  delete (schemas['personal-details']!.properties!.segments as { contains?: unknown }).contains;
  return schemas;
}
