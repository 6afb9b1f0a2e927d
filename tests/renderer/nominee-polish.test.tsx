import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPincodeCache } from '../../src/api/pincode';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { answerPincodes, answerStep } from './support/document-routes';
import { adultNominee, minorNominee } from './support/nominees';
import { renderFormApp } from './support/render-form-app';

/** Issue 20, row 8: what a careful walk through the nominee page found. */

afterEach(clearPincodeCache);
// Role queries over two nominees' long forms take tens of seconds in jsdom on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

function openNominees(nominees?: Record<string, unknown>[]) {
  const app = renderFormApp({
    path: '/add-nominee',
    user: { currentStep: 'signature', nextStep: 'nominee', ...(nominees ? { nominees } : {}) } as Partial<UserDetails>,
  });
  answerPincodes(app.server);
  answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/add-nominee', 'nominee', 'Nominee Details Saved!');
  return { ...app, events: userEvent.setup() };
}

const save = () => screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 });
const fieldOf = (id: string): HTMLElement => document.getElementById(id)!.closest<HTMLElement>('.onboard-field')!;
const redFields = (index: number) => [...document.querySelectorAll(`[id^="root_nominees_${index}_"][aria-invalid="true"]`)].map((element) => element.id);

describe('/add-nominee after a failed Save', () => {
  it('a nominee added then starts clean; the first keeps its errors until fixed', async () => {
    const app = openNominees();
    await app.events.click(await save());
    await screen.findByText('Invalid Details');
    expect(redFields(0).length).toBeGreaterThan(5);
    await app.events.click(screen.getByRole('button', { name: '+ Add another nominee details' }));
    await screen.findByRole('heading', { name: 'Nominee 2' });
    expect(redFields(1)).toEqual([]);
    expect(within(screen.getByRole('region', { name: 'Nominee 2' })).queryAllByRole('alert')).toEqual([]);
    expect(redFields(0).length).toBeGreaterThan(5);
  });
});

describe('/add-nominee: the guardian and the shares', () => {
  it("a minor's guardian fields come under their own heading", async () => {
    openNominees([minorNominee({ sharePercentage: 100 })]);
    await save();
    await waitFor(() => expect(document.getElementById('root_nominees_0_guardianName')).not.toBeNull());
    const heading = within(fieldOf('root_nominees_0_guardianName')).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Guardian (the nominee is under 18)');
  });

  it('shares that do not add up to 100: the error and the total so far', async () => {
    const app = openNominees([adultNominee({ sharePercentage: 60 }), adultNominee({ sharePercentage: 30 })]);
    expect(await screen.findByText('Shares so far: 90% of 100%')).toBeTruthy();
    await app.events.click(await save());
    await screen.findByText('Total percentage of all nominees must be equal to 100');
    const share = document.getElementById('root_nominees_1_sharePercentage') as HTMLInputElement;
    await app.events.clear(share);
    await app.events.type(share, '40');
    expect(await screen.findByText('Shares so far: 100% of 100%')).toBeTruthy();
  });
});

describe('/add-nominee: selects by keyboard', () => {
  it("typing in Relationship narrows the list to what matches ('Spo': Spouse; 'gr': the four grand-relations)", async () => {
    const app = openNominees();
    await save();
    await waitFor(() => expect(document.querySelector('#root_nominees_0_relation[role="combobox"]')).not.toBeNull());
    const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    await app.events.click(document.getElementById('root_nominees_0_relation')!);
    await app.events.keyboard('Spo');
    await waitFor(() => expect(options()).toEqual(['Spouse']));
    await app.events.keyboard('{Backspace}{Backspace}{Backspace}gr');
    await waitFor(() => expect(options()).toEqual(['Grand-Son', 'Grand-Daughter', 'Grand-Father', 'Grand-Mother']));
  });
});

/** Issue 32: a minor's own contact, required-field wording, and folding a finished nominee. */
describe("/add-nominee: a minor nominee's own contact", () => {
  const shown = (field: string, index = 0) => document.getElementById(`root_nominees_${index}_${field}`) !== null;

  it("asks an adult their own mobile and email, a minor only the guardian's (the minor's address and identifier stay)", async () => {
    openNominees([adultNominee({ sharePercentage: 50 }), minorNominee({ sharePercentage: 50, phone: undefined, email: undefined })]);
    await save();
    await waitFor(() => expect(shown('guardianPhone', 1)).toBe(true));
    expect([shown('phone', 0), shown('email', 0)]).toEqual([true, true]);
    expect([shown('phone', 1), shown('email', 1)]).toEqual([false, false]);
    expect(['line1', 'pincode', 'documentType', 'documentNumber', 'documentProof'].map((field) => shown(field, 1))).toEqual([true, true, true, true, true]);
  });

  it("an empty Save says each empty field is required, never 'Invalid mobile number'", async () => {
    const app = openNominees();
    await app.events.click(await save());
    await screen.findByText('Invalid Details');
    const errorOf = (field: string) => within(fieldOf(`root_nominees_0_${field}`)).getByRole('alert').textContent;
    expect(['phone', 'email', 'line1', 'pincode'].map(errorOf)).toEqual(['Mobile Number is required', 'Email is required', 'Address is required', 'Pincode is required']);
    expect(screen.queryByText('Invalid mobile number')).toBeNull();
  });

  it('a minor left without a guardian: each empty guardian field says it is required', async () => {
    const app = openNominees([minorNominee({ sharePercentage: 100, guardianName: undefined, guardianPhone: undefined, guardianEmail: undefined, guardianAddress: undefined, guardianPincode: undefined })]);
    await app.events.click(await save());
    await screen.findByText('Invalid Details');
    const errorOf = (field: string) => within(fieldOf(`root_nominees_0_${field}`)).getByRole('alert').textContent;
    expect(['guardianPhone', 'guardianEmail', 'guardianAddress', 'guardianPincode'].map(errorOf)).toEqual([
      'Guardian Phone is required',
      'Guardian Email is required',
      'Guardian Address is required',
      'Guardian Pincode is required',
    ]);
  });
});

describe('/add-nominee: folding a finished nominee', () => {
  it("'Hide details' folds a nominee to one line, 'Edit' opens it again with what was typed", async () => {
    const app = openNominees([adultNominee({ sharePercentage: 60 }), adultNominee({ firstName: 'Meera', sharePercentage: 40 })]);
    await save();
    const first = screen.getByRole('region', { name: 'Nominee 1' });
    await app.events.click(within(first).getByRole('button', { name: 'Hide details' }));
    expect(within(first).getByText('Asha Rao, 60% share')).toBeTruthy();
    expect(document.getElementById('root_nominees_0_firstName')!.closest('[hidden]')).not.toBeNull();
    expect(within(first).getByRole('button', { name: 'Edit' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(screen.getByRole('region', { name: 'Nominee 2' })).getByRole('button', { name: 'Hide details' })).toBeTruthy();
    await app.events.click(within(first).getByRole('button', { name: 'Edit' }));
    expect(within(first).queryByText('Asha Rao, 60% share')).toBeNull();
    expect((document.getElementById('root_nominees_0_firstName') as HTMLInputElement).value).toBe('Asha');
    expect(document.getElementById('root_nominees_0_firstName')!.closest('[hidden]')).toBeNull();
  });

  it('a folded nominee with an error opens itself at Save, its field focused', async () => {
    const app = openNominees([adultNominee({ sharePercentage: 100, lastName: '' })]);
    await save();
    await app.events.click(within(screen.getByRole('region', { name: 'Nominee 1' })).getByRole('button', { name: 'Hide details' }));
    await app.events.click(await save());
    await screen.findByText('Invalid Details');
    await waitFor(() => expect(document.activeElement?.id).toBe('root_nominees_0_lastName'));
    expect(document.getElementById('root_nominees_0_lastName')!.closest('[hidden]')).toBeNull();
    expect(within(fieldOf('root_nominees_0_lastName')).getByRole('alert').textContent).toBe('Name cannot be empty');
  });
});
