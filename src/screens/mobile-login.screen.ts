import { defineScreen } from './screen-definition';

export const mobileLoginScreen = defineScreen({
  name: 'mobileLogin',
  load: () => import('./mobile-login').then((m) => m.MobileLogin),
});
