import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const declarationsWidget = defineWidget({
  name: 'declarations',
  component: () => import('./declarations-widget').then((m) => m.DeclarationsWidget),
  optionsSchema,
});
