import { defineScreen } from './screen-definition';

export const completedScreen = defineScreen({
  name: 'completed',
  load: () => import('./completed').then((m) => m.Completed),
});
