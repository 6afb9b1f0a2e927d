import { confirmPan as confirmPanRecord } from '../api/pan';
import type { SubmitEffect } from './types';

/** The applicant confirms the KRA's record of their PAN: the step is done, with the record as the KRA holds it. */
export const confirmPan: SubmitEffect = async (_data, { api }) => {
  const { message, user } = await confirmPanRecord(api);
  return { user, message };
};
