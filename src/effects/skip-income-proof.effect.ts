import { defineEffect } from './effect-definition';

export const skipIncomeProofEffect = defineEffect({
  name: 'skipIncomeProof',
  load: () => import('./skip-income-proof').then((m) => m.skipIncomeProof),
});
