import { defineScreen } from '../screen-definition';

export const incomeProofScreen = defineScreen({
  name: 'incomeProof',
  load: () => import('./income-proof').then((m) => m.IncomeProof),
});
