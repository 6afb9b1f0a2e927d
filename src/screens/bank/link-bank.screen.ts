import { defineScreen } from '../screen-definition';

export const linkBankScreen = defineScreen({
  name: 'linkBank',
  load: () => import('./link-bank').then((m) => m.LinkBank),
});
