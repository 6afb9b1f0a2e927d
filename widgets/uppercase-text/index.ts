import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const uppercaseTextWidget = defineWidget({
  name: 'uppercaseText',
  component: () => import('./uppercase-text-widget').then((m) => m.UppercaseTextWidget),
  optionsSchema,
});
