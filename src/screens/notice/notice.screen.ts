import { defineScreen } from '../screen-definition';

export const noticeScreen = defineScreen({
  name: 'notice',
  load: () => import('./notice').then((m) => m.Notice),
});
