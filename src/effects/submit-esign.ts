import { initiateVerification } from '../api/identity';
import type { SubmitEffect } from './types';

/** Every document is signed: the application goes to verification (POST /user/initiate-verification). */
export const submitEsign: SubmitEffect = async (_data, { api }) => {
  const { message, user } = await initiateVerification(api);
  return { message, user };
};
