import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedPincode, clearPincodeCache } from '../../src/api/pincode';
import { PincodeWidget } from '../../widgets/pincode/pincode-widget';
import { widgetLoaders } from '../../widgets/registry';
import { errorReply, type FakeRequest, type Reply } from '../app/support/adapter';
import { renderWidget } from './support/widget-harness';

afterEach(clearPincodeCache);

function network(answers: Record<string, Reply>) {
  const asked: string[] = [];
  const handle = (request: FakeRequest): Reply => {
    asked.push(request.path);
    return answers[request.path] ?? errorReply(404, 'Pincode not found');
  };
  return { asked, handle };
}

const found = (pincode: string, district: string, state: string): Reply => ({ status: 200, body: { pincode, district, state, country: 'India' } });
const box = () => screen.getByRole<HTMLInputElement>('textbox');

describe('pincode widget', () => {
  it('is what the registry binds its config name to', async () => {
    expect(await widgetLoaders.pincode()).toBe(PincodeWidget);
  });

  it('keeps digits only, at most 6, and looks up at the 6th digit: the place shows under it', async () => {
    const net = network({ '/utils/pincode/560001': found('560001', 'Bengaluru', 'Karnataka') });
    renderWidget({ widget: PincodeWidget, network: net.handle });
    const user = userEvent.setup();
    await user.type(box(), '56a00');
    expect(box().value).toBe('5600');
    expect(net.asked).toEqual([]);
    await user.type(box(), '01999');
    expect(box().value).toBe('560001');
    expect(await screen.findByText('Bengaluru, Karnataka')).toBeTruthy();
    expect(net.asked).toEqual(['/utils/pincode/560001']);
  });

  it.each([
    ['unknown (404)', errorReply(404, 'Pincode not found')],
    ['refused (400)', errorReply(400, 'Invalid pincode')],
    ['lost (no answer)', { fail: 'network' } as Reply],
  ])("marks an %s pincode 'Pincode is invalid'", async (_name, reply) => {
    renderWidget({ widget: PincodeWidget, options: { invalid: 'Pincode is invalid' }, network: () => reply });
    await userEvent.setup().type(box(), '999999');
    expect((await screen.findByRole('alert')).textContent).toBe('Pincode is invalid');
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });

  it('asks once per pincode: answers and refusals are cached, a lost answer is asked again', async () => {
    const net = network({ '/utils/pincode/400001': found('400001', 'Mumbai', 'Maharashtra') });
    const first = renderWidget({ widget: PincodeWidget, network: net.handle });
    const user = userEvent.setup();
    await user.type(box(), '400001');
    await screen.findByText('Mumbai, Maharashtra');
    await user.clear(box());
    await user.type(box(), '400001');
    await user.clear(box());
    await user.type(box(), '123456');
    await screen.findByRole('alert');
    await user.clear(box());
    await user.type(box(), '123456');
    await screen.findByRole('alert');
    expect(net.asked).toEqual(['/utils/pincode/400001', '/utils/pincode/123456']);
    expect(cachedPincode('400001')).toMatchObject({ district: 'Mumbai' });
    expect(cachedPincode('123456')).toBeNull();
    first.unmount();

    let tries = 0;
    renderWidget({ widget: PincodeWidget, network: () => (tries++ === 0 ? { fail: 'timeout' } : found('110001', 'New Delhi', 'Delhi')) });
    await user.type(box(), '110001');
    await screen.findByRole('alert');
    expect(cachedPincode('110001')).toBeUndefined();
    await user.clear(box());
    await user.type(box(), '110001');
    await waitFor(() => expect(screen.getByText('New Delhi, Delhi')).toBeTruthy());
    expect(tries).toBe(2);
  });

  it('does not look up a 4-digit pincode (valid by the rules, but the lookup needs 6)', async () => {
    const net = network({});
    renderWidget({ widget: PincodeWidget, network: net.handle });
    await userEvent.setup().type(box(), '5600');
    expect(net.asked).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
