import { skipNominee as postSkipNominee } from '../api/nominee';
import type { SubmitEffect } from './types';
import { nominationNotice } from './nomination-notice';

/** Skip on /add-nominee: POST /user/skip-nominee; the page shows its orange toast and moves on. */
export const skipNominee: SubmitEffect = async (_data, { api, say }) => {
  const { message, user } = await postSkipNominee(api);
  return { message, user, ...nominationNotice(user, say) };
};
