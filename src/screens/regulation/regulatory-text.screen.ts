import { defineScreen } from '../screen-definition';

export const regulatoryTextScreen = defineScreen({
  name: 'regulatoryText',
  load: () => import('./regulatory-text').then((m) => m.RegulatoryText),
});
