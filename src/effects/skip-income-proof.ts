import { skipIncomeProof as postSkip } from '../api/income-proof';
import type { SubmitEffect } from './types';

/** Skip F&O activation: the step is done without proof ('Fno Trade Activation Skipped!'). */
export const skipIncomeProof: SubmitEffect = async (_data, { api }) => {
  const { message, user } = await postSkip(api);
  return { message, user };
};
