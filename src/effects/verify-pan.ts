import { checkPanNumber, confirmPan } from '../api/pan';
import type { SubmitEffect } from './types';

/** The form has already checked the data against the pan schema; the server checks it again. */
const field = (data: Record<string, unknown>, name: string): string => {
  const value = data[name];
  return typeof value === 'string' ? value : '';
};

/** PAN step: the registry check, then the confirmation that completes the step and returns the fresh user. */
export const verifyPan: SubmitEffect = async (data, { api }) => {
  await checkPanNumber(api, { pan: field(data, 'pan'), dateOfBirth: field(data, 'dateOfBirth') });
  const { message, user } = await confirmPan(api);
  return { user, message };
};
