import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const documentFileWidget = defineWidget({
  name: 'documentFile',
  component: () => import('./document-file-widget').then((m) => m.DocumentFileWidget),
  optionsSchema,
});
