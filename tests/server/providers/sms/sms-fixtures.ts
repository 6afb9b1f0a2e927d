import type { ProviderConfig } from '../../../../server/providers/provider-config';
import type { SmsMessage } from '../../../../server/providers/sms/sms';
import { repoProviderConfig } from '../contract-harness';

/** The repository's config with the English OTP text registered under the ids the fixtures use. */
export function registeredConfig(): ProviderConfig {
  const base = repoProviderConfig();
  return {
    ...base,
    smsTemplates: { ...base.smsTemplates, en: { 'otp.sms': { dltTemplateId: '1107161234567890123', msg91TemplateId: '6808ca80d6fc054bef421352' } } },
  };
}

/** The sign-in code of the fixtures, worded as the server words it. */
export function otpSms(to = '9876543210', language = 'en'): SmsMessage {
  const values = { code: '4821', minutes: '10' };
  return { to, template: 'otp.sms', language, values, text: repoProviderConfig().texts.in(language).say('otp.sms', values) };
}

export interface SmsExpect {
  sent?: true;
  error?: string;
  retryable?: boolean;
}
