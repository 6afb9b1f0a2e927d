import { defineScreen } from '../screen-definition';

export const kraRecordScreen = defineScreen({
  name: 'kraRecord',
  load: () => import('./kra-record').then((m) => m.KraRecord),
});
