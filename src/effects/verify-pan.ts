import { checkPanNumber, confirmPan } from '../api/pan';
import type { SubmitEffect } from './types';

/** The form has already checked the data against the pan schema; the server checks it again. */
const field = (data: Record<string, unknown>, name: string): string => {
  const value = data[name];
  return typeof value === 'string' ? value : '';
};

/**
 * PAN step: the KRA check, then the confirmation that completes the step and returns the fresh user; unless flow.json
 * `kra` has the applicant confirm the KRA's record first (the form's `confirmRoute` page does that).
 */
export const verifyPan: SubmitEffect = async (data, { api }) => {
  const check = await checkPanNumber(api, { pan: field(data, 'pan'), dateOfBirth: field(data, 'dateOfBirth') });
  if (check.confirm) return { confirm: true };
  const { message, user } = await confirmPan(api);
  return { user, message };
};
