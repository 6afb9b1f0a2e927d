import { defineScreen } from './screen-definition';

export const refreshScreen = defineScreen({
  name: 'refresh',
  load: () => import('./refresh').then((m) => m.Refresh),
});
