import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const checkboxCardsWidget = defineWidget({
  name: 'checkboxCards',
  component: () => import('./checkbox-cards-widget').then((m) => m.CheckboxCardsWidget),
  optionsSchema,
});
