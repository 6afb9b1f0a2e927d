import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const dateInputWidget = defineWidget({
  name: 'dateInput',
  component: () => import('./date-input-widget').then((m) => m.DateInputWidget),
  optionsSchema,
});
