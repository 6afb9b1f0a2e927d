import { defineEffect } from './effect-definition';

export const uploadIncomeProofEffect = defineEffect({
  name: 'uploadIncomeProof',
  load: () => import('./upload-income-proof').then((m) => m.uploadIncomeProof),
});
