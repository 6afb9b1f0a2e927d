import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const signatureWidget = defineWidget({
  name: 'signature',
  component: () => import('./signature-widget').then((m) => m.SignatureWidget),
  optionsSchema,
});
