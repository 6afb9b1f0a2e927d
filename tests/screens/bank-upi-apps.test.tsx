import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { appLink, readLinkBankOptions } from '../../src/screens/bank/options';

/** Spec section 2: on an iPhone up to 500 px, three UPI apps, each opening the intent link with its own scheme. */
describe('UPI apps on iOS', () => {
  const intent = 'upi://pay?pa=onboard.verify@sandbox&pn=Onboard&am=1.00&tr=RPD123&tn=Verify%20bank';
  const page = defaultBundle.pageFiles['flow-config/pages/bank.json']?.pages['/link-bank-account'];
  const options = readLinkBankOptions(page && 'options' in page ? page.options : undefined, 'page /link-bank-account');

  it("offers Google Pay, Paytm and PhonePe (the apps' own spelling), each with the intent link's {address} replaced", () => {
    expect(options.iosApps.map((app) => [app.label, appLink(intent, app.address)])).toEqual([
      ['Google Pay', 'gpay://upi/pay?pa=onboard.verify@sandbox&pn=Onboard&am=1.00&tr=RPD123&tn=Verify%20bank'],
      ['Paytm', 'paytmmp://pay?pa=onboard.verify@sandbox&pn=Onboard&am=1.00&tr=RPD123&tn=Verify%20bank'],
      ['PhonePe', 'phonepe://pay?pa=onboard.verify@sandbox&pn=Onboard&am=1.00&tr=RPD123&tn=Verify%20bank'],
    ]);
  });

  it('leaves a link that is not upi:// as it is', () => {
    expect(appLink('https://example.in/pay', 'gpay://upi/')).toBe('https://example.in/pay');
  });
});
