import { holdsPickedFiles, saveStepData, saveStepFiles } from '../api/step';
import type { SubmitEffect } from './types';

/**
 * The effect of any plain form step: its schema's document, saved through the generic step route; as multipart when
 * the form holds picked files (a document step: its schema's "x-upload" fields), always so at a path flow.json binds
 * the step to.
 */
export const saveStep: SubmitEffect = async (data, { api, step, uploadPath, onProgress }) => {
  if (!step) throw new Error('saveStep runs on a page that belongs to a step in flow-config/flow.json');
  const options = onProgress ? { onProgress } : {};
  const saved = uploadPath || holdsPickedFiles(data) ? saveStepFiles(api, step, data, options, uploadPath) : saveStepData(api, step, data);
  const { message, user } = await saved;
  return { message, user };
};
