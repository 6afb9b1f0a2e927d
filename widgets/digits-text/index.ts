import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const digitsTextWidget = defineWidget({
  name: 'digitsText',
  component: () => import('./digits-text-widget').then((m) => m.DigitsTextWidget),
  optionsSchema,
});
