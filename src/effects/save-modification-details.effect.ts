import { defineEffect } from './effect-definition';

export const saveModificationDetailsEffect = defineEffect({
  name: 'saveModificationDetails',
  load: () => import('./save-modification-details').then((m) => m.saveModificationDetails),
});
