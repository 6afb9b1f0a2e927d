import type { CapabilityClients } from '../../server/providers/registry';
import { createHttp } from '../../server/providers/http';
import { msg91 } from '../../server/providers/sms/msg91';
import { smtp } from '../../server/providers/email/smtp';
import { cams } from '../../server/providers/kra/cams';
import { digio } from '../../server/providers/identity/digio';
import { cashfreePennyDrop } from '../../server/providers/penny-drop/cashfree';
import { setuRpd } from '../../server/providers/upi-rpd/setu';
import { setuAccountAggregator } from '../../server/providers/account-aggregator/setu/index';
import { repoProviderConfig } from './providers/contract-harness';

/**
 * Production refuses to start without a vendor per capability (and SMS templates registered). A production-mode app
 * in a test that sends nothing gets the real clients configured for vendors on a loopback port nothing listens on:
 * should a test send after all, it meets an unreachable vendor, as production would.
 */
export function unreachableVendors(): Partial<CapabilityClients> {
  const deps = (vendor: string) => ({ clock: Date.now, http: createHttp(vendor), publicUrl: 'http://localhost:3000', config: repoProviderConfig() });
  return {
    sms: msg91.create({ MSG91_BASE_URL: 'http://127.0.0.1:9', MSG91_AUTH_KEY: 'unused', MSG91_SENDER_ID: 'ONBORD' }, deps('msg91')),
    email: smtp.create({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Onboard <no-reply@onboard.localhost>' }, deps('smtp')),
    kra: cams.create(
      { CAMS_KRA_URL: 'http://127.0.0.1:9/services_kycenquiry.asmx', CAMS_KRA_USER: 'unused', CAMS_KRA_PASSWORD: 'unused', CAMS_KRA_KEY: 'unused', CAMS_KRA_POS_CODE: 'unused' },
      deps('cams'),
    ),
    identity: digio.create(
      {
        DIGIO_BASE_URL: 'http://127.0.0.1:9',
        DIGIO_CLIENT_ID: 'unused',
        DIGIO_CLIENT_SECRET: 'unused',
        DIGIO_KYC_TEMPLATE: 'KYC',
        DIGIO_SELFIE_TEMPLATE: 'SELFIE',
        DIGIO_ESIGN_TEMPLATES: 'kra_form=TMP1,account_opening_form=TMP2,nomination_opt_out=TMP3',
      },
      deps('digio'),
    ),
    'penny-drop': cashfreePennyDrop.create({ CASHFREE_BASE_URL: 'http://127.0.0.1:9', CASHFREE_CLIENT_ID: 'unused', CASHFREE_CLIENT_SECRET: 'unused' }, deps('cashfree')),
    'upi-rpd': setuRpd.create(
      { SETU_BAV_BASE_URL: 'http://127.0.0.1:9', SETU_BAV_CLIENT_ID: 'unused', SETU_BAV_CLIENT_SECRET: 'unused', SETU_BAV_PRODUCT_INSTANCE_ID: 'unused' },
      deps('setu'),
    ),
    'account-aggregator': setuAccountAggregator.create(
      { SETU_AA_BASE_URL: 'http://127.0.0.1:9', SETU_AUTH_URL: 'http://127.0.0.1:9', SETU_AA_CLIENT_ID: 'unused', SETU_AA_CLIENT_SECRET: 'unused', SETU_AA_PRODUCT_INSTANCE_ID: 'unused' },
      deps('setu'),
    ),
  };
}
