import { defineScreen } from './screen-definition';

export const resumeScreen = defineScreen({
  name: 'resume',
  load: () => import('./resume').then((m) => m.Resume),
});
