import { holdsPickedFiles, saveStepData, saveStepFiles } from '../api/step';
import type { SubmitEffect } from './types';

/**
 * The effect of any plain form step: its schema's document, saved through the generic step route; as multipart when
 * the form holds picked files (a document step: its schema's "x-upload" fields).
 */
export const saveStep: SubmitEffect = async (data, { api, step, onProgress }) => {
  if (!step) throw new Error('saveStep runs on a page that belongs to a step in flow-config/flow.json');
  const saved = holdsPickedFiles(data) ? saveStepFiles(api, step, data, onProgress ? { onProgress } : {}) : saveStepData(api, step, data);
  const { message, user } = await saved;
  return { message, user };
};
