import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowClient } from '../../../bench/flow-client';
import { type JourneyFiles, completeApplication, journeyFiles } from '../../../bench/flow-journey';
import { cvl } from '../../../server/providers/kra/cvl';
import { razorpayxPennyDrop } from '../../../server/providers/penny-drop/razorpayx';
import { listOutbox } from '../../../server/providers/simulated-outbox';
import { exotel } from '../../../server/providers/sms/exotel';
import { cashfreeRpd } from '../../../server/providers/upi-rpd/cashfree';
import { cashfreeUpiApp } from '../../../server/providers/upi-rpd/cashfree/simulator';
import { copyConfig } from '../../fixtures/config-edits';
import { latestCode, newPhone, startTestApp, type TestApp } from '../helpers';
import { type RunningSimulator, startVendorSimulator } from './contract-harness';
import { registeredConfig } from './sms/sms-fixtures';
import { withDb } from '../stored-records';

/**
 * Issue 26: every capability that names two vendors, on its second one (Exotel SMS, CVL KRA, RazorpayX penny drop,
 * Cashfree UPI), carries applicants through the whole journey over a real socket: the production clients, live,
 * talking to each vendor's simulator on a loopback port of its own, as a broker's vendors would be reached. Once with
 * the penny drop, once paying by UPI (the applicant's UPI app pays Cashfree's link; Cashfree's signed webhook tells us).
 */
const dltTemplateId = '1107161234567890123';
let copy: ReturnType<typeof copyConfig>;

let t: TestApp;
let client: FlowClient;
let files: JourneyFiles;
let sms: RunningSimulator;
let upi: RunningSimulator;

/** The broker's DLT registration of the sign-in SMS: Exotel sends nothing without it (the config check says so). */
function registerSmsTemplates(): void {
  for (const file of [join(copy.configDir, 'sms.json'), join(copy.configDir, 'languages', 'hi', 'sms.json')]) {
    const config = JSON.parse(readFileSync(file, 'utf8')) as { templates: Record<string, { dltTemplateId: string }> };
    for (const template of Object.values(config.templates)) template.dltTemplateId = dltTemplateId;
    writeFileSync(file, JSON.stringify(config));
  }
}

/** A phone's codes arrive through Exotel's simulator; an email's through the app's own (SMTP's, unnamed). */
async function codeFor(recipient: string): Promise<string> {
  if (recipient.includes('@')) return latestCode(t.app, recipient);
  const [newest] = await listOutbox(sms.db, recipient, 1);
  if (!newest?.code) throw new Error(`no SMS with a code reached ${recipient}`);
  return newest.code;
}

const nextStepOf = (phone: string) =>
  withDb(t, async (db) => (await db.selectFrom('users').select('next_step').where('phone', '=', phone).executeTakeFirst())?.next_step);

/** The applicant's UPI app pays Cashfree's link from an account in their own name; the vendor's webhook reaches us. */
async function payFromOwnAccount(requestId: string, holderName: string): Promise<void> {
  const upiApp = cashfreeUpiApp({ store: upi.deps.store, clock: upi.deps.clock, delayMs: 0 });
  const outcome = await upiApp.pay(requestId, { payer: { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: holderName }, paymentId: '404223249999' });
  if (outcome.result !== 'paid') throw new Error(`the UPI app's payment was ${outcome.result}`);
  const delivered = await t.app.inject({ method: 'POST', url: '/api/webhooks/cashfree', headers: outcome.webhook.headers, payload: outcome.webhook.body });
  expect(delivered.statusCode, delivered.body).toBe(200);
}

/**
 * The bench's journey walks the repository's own flow, step by step in its order, with its answers: on a config a
 * product has edited (npm run test:config-edits: steps swapped, a step added) the vendors are the same and the walk is
 * not, so it runs on the repository's config only. The golden journeys follow any config.
 */
const onRepositoryConfig = !process.env.ONBOARD_CONFIG_DIR;

describe.runIf(onRepositoryConfig)('the whole journey on each capability’s second vendor', () => {
  beforeAll(async () => {
    copy = copyConfig();
    registerSmsTemplates();
    sms = await startVendorSimulator(exotel, { config: registeredConfig(), sharedByFile: true });
    const kra = await startVendorSimulator(cvl, { sharedByFile: true });
    const pennyDrop = await startVendorSimulator(razorpayxPennyDrop, { sharedByFile: true });
    upi = await startVendorSimulator(cashfreeRpd, { sharedByFile: true });
    t = await startTestApp({
      configDir: copy.configDir,
      stepSchemasDir: copy.stepSchemasDir,
      providerEnv: {
        SMS_VENDOR: 'exotel',
        KRA_VENDOR: 'cvl',
        PENNY_DROP_VENDOR: 'razorpayx',
        UPI_RPD_VENDOR: 'cashfree',
        ...sms.settings,
        ...kra.settings,
        ...pennyDrop.settings,
        ...upi.settings,
      },
    });
    client = new FlowClient(await t.app.listen({ host: '127.0.0.1', port: 0 }), 4);
    files = await journeyFiles();
  });

  afterAll(async () => {
    client?.close();
    await t?.close();
    if (copy) rmSync(copy.root, { recursive: true, force: true });
  });

  it('the chosen vendors are the second ones, live', () => {
    const chosen = t.app.providers.active
      .filter((one) => ['sms', 'kra', 'penny-drop', 'upi-rpd'].includes(one.capability))
      .map(({ capability, vendor, mode }) => ({ capability, vendor, mode }));
    expect(chosen).toEqual([
      { capability: 'sms', vendor: 'exotel', mode: 'live' },
      { capability: 'kra', vendor: 'cvl', mode: 'live' },
      { capability: 'penny-drop', vendor: 'razorpayx', mode: 'live' },
      { capability: 'upi-rpd', vendor: 'cashfree', mode: 'live' },
    ]);
  });

  it.each([
    ['the penny drop (RazorpayX)', {}],
    ['a UPI payment (Cashfree)', { upiApp: payFromOwnAccount }],
  ])('from sign-in to verification pending, the bank account proved by %s', { timeout: 120_000 }, async (_way, bank) => {
    const phone = newPhone();
    await completeApplication(client, 0, Number(phone), files, codeFor, bank);
    expect(await nextStepOf(phone)).toBe('verification_pending');
    const [otpSms] = await listOutbox(sms.db, phone, 1);
    expect(otpSms?.text).toMatch(/^Your Onboard OTP is [0-9]{4}\./);
  });
});
