import { defineEffect } from './effect-definition';

export const submitEsignEffect = defineEffect({
  name: 'submitEsign',
  load: () => import('./submit-esign').then((m) => m.submitEsign),
});
