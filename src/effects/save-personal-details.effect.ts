import { defineEffect } from './effect-definition';

export const savePersonalDetailsEffect = defineEffect({
  name: 'savePersonalDetails',
  load: () => import('./save-personal-details').then((m) => m.savePersonalDetails),
});
