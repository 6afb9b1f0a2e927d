import { defineEffect } from './effect-definition';

export const confirmPanEffect = defineEffect({
  name: 'confirmPan',
  load: () => import('./confirm-pan').then((m) => m.confirmPanRecord),
});
