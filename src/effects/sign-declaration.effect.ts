import { defineEffect } from './effect-definition';

export const signDeclarationEffect = defineEffect({
  name: 'signDeclaration',
  load: () => import('./sign-declaration').then((m) => m.signDeclaration),
});
