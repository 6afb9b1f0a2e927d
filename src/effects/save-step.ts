import { saveStepData } from '../api/step';
import type { SubmitEffect } from './types';

/** The effect of any plain form step: its schema's document, saved through the generic step route. */
export const saveStep: SubmitEffect = async (data, { api, step }) => {
  if (!step) throw new Error('saveStep runs on a page that belongs to a step in flow-config/flow.json');
  const { message, user } = await saveStepData(api, step, data);
  return { message, user };
};
