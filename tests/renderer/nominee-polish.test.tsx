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
vi.setConfig({ testTimeout: 40_000 });

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
