import { skipNominee as postSkipNominee } from '../api/nominee';
import type { SubmitEffect } from './types';
import { nominationNotice } from './nomination-notice';

/** Skip on /add-nominee: POST /user/skip-nominee (with the codes of an OTP-verified opt-out); the page shows its orange toast and moves on. */
export const skipNominee: SubmitEffect = async (data, { api, say }) => {
  // An opt-out verified by OTP comes with both codes; otherwise nothing is sent (the spec).
  const codes = typeof data.mobileOtp === 'string' && typeof data.emailOtp === 'string' ? { mobileOtp: data.mobileOtp, emailOtp: data.emailOtp } : undefined;
  const { message, user } = await postSkipNominee(api, codes);
  return { message, user, ...nominationNotice(user, say) };
};
