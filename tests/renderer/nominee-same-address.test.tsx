import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../core/api/types';
import { clearPincodeCache } from '../../src/api/pincode';
import { answerPincodes } from './support/document-routes';
import { renderFormApp } from './support/render-form-app';

/** Issue 32: 'Same address as mine' on /add-nominee fills a nominee's address with the applicant's, as GET /user gives it. */

afterEach(clearPincodeCache);
vi.setConfig({ testTimeout: 40_000 });

const address = { line1: 'FLAT 37, SHANTI APARTMENTS', line2: 'NEHRU NAGAR', pincode: '600020', city: 'CHENNAI', state: 'TAMIL NADU' };

function openNominees(user: Partial<UserDetails>) {
  const app = renderFormApp({ path: '/add-nominee', user: { currentStep: 'signature', nextStep: 'nominee', ...user } as Partial<UserDetails> });
  answerPincodes(app.server);
  return { ...app, events: userEvent.setup() };
}

const input = (field: string) => document.getElementById(`root_nominees_0_${field}`) as HTMLInputElement;

describe("/add-nominee: 'Same address as mine'", () => {
  it('ticked, fills the address fields with the applicant\'s own address (read-only); unticked, they are editable again', async () => {
    const app = openNominees({ address });
    const box = await screen.findByRole('checkbox', { name: 'Same address as mine' }, { timeout: 10_000 });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(input('line1').value).toBe('');
    await app.events.click(box);
    await waitFor(() => expect(input('line1').value).toBe('FLAT 37, SHANTI APARTMENTS'));
    expect(input('line2').value).toBe('NEHRU NAGAR');
    expect(input('pincode').value).toBe('600020');
    expect([input('line1'), input('line2'), input('pincode')].map((field) => field.disabled)).toEqual([true, true, true]);
    // The box stands before the first field of the address it fills.
    expect(box.compareDocumentPosition(input('line1')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await app.events.click(box);
    await waitFor(() => expect(input('line1').disabled).toBe(false));
    expect([input('line2').disabled, input('pincode').disabled]).toEqual([false, false]);
    expect(input('line1').value).toBe('FLAT 37, SHANTI APARTMENTS');
    await app.events.clear(input('line1'));
    await app.events.type(input('line1'), '7 Lake View Road');
    expect(input('line1').value).toBe('7 Lake View Road');
  });

  it('each nominee has its own box: a second nominee starts unticked and empty', async () => {
    const app = openNominees({ address });
    await app.events.click(await screen.findByRole('checkbox', { name: 'Same address as mine' }, { timeout: 10_000 }));
    await app.events.click(screen.getByRole('button', { name: '+ Add another nominee details' }));
    await screen.findByRole('heading', { name: 'Nominee 2' });
    const boxes = screen.getAllByRole('checkbox', { name: 'Same address as mine' }) as HTMLInputElement[];
    expect(boxes.map((item) => item.checked)).toEqual([true, false]);
    expect((document.getElementById('root_nominees_1_line1') as HTMLInputElement).value).toBe('');
  });

  it('is not offered while the server holds no address of the applicant', async () => {
    openNominees({ address: null });
    await waitFor(() => expect(document.getElementById('root_nominees_0_line1')).not.toBeNull(), { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: 'Same address as mine' })).toBeNull();
  });
});
