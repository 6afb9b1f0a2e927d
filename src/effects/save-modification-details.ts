import { type ModificationDetailsBody, saveModificationDetails as postModificationDetails } from '../api/personal-details';
import type { SubmitEffect } from './types';

/** Saves re-entered personal details of a rejected application; the user comes back with that rejection cleared. */
export const saveModificationDetails: SubmitEffect = async (data, { api }) => {
  // The screen has checked `data` with the same step-data schema the server uses.
  const { message, user } = await postModificationDetails(api, data as unknown as ModificationDetailsBody);
  return { message, user };
};
