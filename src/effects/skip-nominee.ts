import { skipNominee as postSkipNominee } from '../api/nominee';
import type { SubmitEffect } from './types';

/** Skip on /add-nominee: POST /user/skip-nominee; the page shows its orange toast and moves on. */
export const skipNominee: SubmitEffect = async (_data, { api }) => {
  const { message, user } = await postSkipNominee(api);
  return { message, user };
};
