import { defineEffect } from './effect-definition';

export const saveStepEffect = defineEffect({
  name: 'saveStep',
  load: () => import('./save-step').then((m) => m.saveStep),
});
