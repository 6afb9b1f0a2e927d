import { savePersonalDetails as postPersonalDetails } from '../api/personal-details';
import type { PersonalDetailsBody } from '../../core/api/types';
import type { SubmitEffect } from './types';

/** Saves the personal-details answers (schemas/step-data/personal-details); the server answers its message and the moved-on user. */
export const savePersonalDetails: SubmitEffect = async (data, { api }) => {
  // The screen has checked `data` with the same step-data schema the server uses.
  const { message, user } = await postPersonalDetails(api, data as unknown as PersonalDetailsBody);
  return { message, user };
};
