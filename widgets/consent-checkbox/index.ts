import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const consentCheckboxWidget = defineWidget({
  name: 'consentCheckbox',
  component: () => import('./consent-checkbox-widget').then((m) => m.ConsentCheckboxWidget),
  optionsSchema,
});
