import { defineScreen } from '../screen-definition';

export const privacyScreen = defineScreen({
  name: 'privacy',
  load: () => import('./privacy').then((m) => m.Privacy),
});
