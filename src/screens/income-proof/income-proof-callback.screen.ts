import { defineScreen } from '../screen-definition';

export const incomeProofCallbackScreen = defineScreen({
  name: 'incomeProofCallback',
  load: () => import('./income-proof-callback').then((m) => m.IncomeProofCallback),
});
