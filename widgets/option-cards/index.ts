import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const optionCardsWidget = defineWidget({
  name: 'optionCards',
  component: () => import('./option-cards-widget').then((m) => m.OptionCardsWidget),
  optionsSchema,
});
