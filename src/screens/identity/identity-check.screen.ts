import { defineScreen } from '../screen-definition';

export const identityCheckScreen = defineScreen({
  name: 'identityCheck',
  load: () => import('./identity-check').then((m) => m.IdentityCheck),
});
