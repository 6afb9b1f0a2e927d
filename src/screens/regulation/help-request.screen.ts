import { defineScreen } from '../screen-definition';

export const helpRequestScreen = defineScreen({
  name: 'helpRequest',
  load: () => import('./help-request').then((m) => m.HelpRequest),
});
