import { defineEffect } from './effect-definition';

export const saveBankDetailsEffect = defineEffect({
  name: 'saveBankDetails',
  load: () => import('./save-bank-details').then((m) => m.saveBankDetails),
});
