import { defineEffect } from './effect-definition';

export const skipNomineeEffect = defineEffect({
  name: 'skipNominee',
  load: () => import('./skip-nominee').then((m) => m.skipNominee),
});
