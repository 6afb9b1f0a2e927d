import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const pincodeWidget = defineWidget({
  name: 'pincode',
  component: () => import('./pincode-widget').then((m) => m.PincodeWidget),
  optionsSchema,
});
