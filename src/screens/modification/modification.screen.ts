import { defineScreen } from '../screen-definition';

export const modificationScreen = defineScreen({
  name: 'modification',
  load: () => import('./modification').then((m) => m.Modification),
});
