import { defineScreen } from './screen-definition';

export const emailEntryScreen = defineScreen({
  name: 'emailEntry',
  load: () => import('./email-entry').then((m) => m.EmailEntry),
});
