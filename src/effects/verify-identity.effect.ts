import { defineEffect } from './effect-definition';

export const verifyIdentityEffect = defineEffect({
  name: 'verifyIdentity',
  load: () => import('./verify-identity').then((m) => m.verifyIdentity),
});
