import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const preferenceChoiceWidget = defineWidget({
  name: 'preferenceChoice',
  component: () => import('./preference-choice-widget').then((m) => m.PreferenceChoiceWidget),
  optionsSchema,
});
