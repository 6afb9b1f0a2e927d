import { defineEffect } from './effect-definition';

export const saveNomineesEffect = defineEffect({
  name: 'saveNominees',
  load: () => import('./save-nominees').then((m) => m.saveNominees),
});
