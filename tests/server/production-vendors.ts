import type { CapabilityClients } from '../../server/providers/registry';
import { createHttp } from '../../server/providers/http';
import { msg91 } from '../../server/providers/sms/msg91';
import { smtp } from '../../server/providers/email/smtp';
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
  };
}
