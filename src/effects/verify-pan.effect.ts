import { defineEffect } from './effect-definition';

export const verifyPanEffect = defineEffect({
  name: 'verifyPan',
  load: () => import('./verify-pan').then((m) => m.verifyPan),
});
