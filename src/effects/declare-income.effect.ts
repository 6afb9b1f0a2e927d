import { defineEffect } from './effect-definition';

export const declareIncomeEffect = defineEffect({
  name: 'declareIncome',
  load: () => import('./declare-income').then((m) => m.declareIncome),
});
