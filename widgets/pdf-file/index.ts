import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const pdfFileWidget = defineWidget({
  name: 'pdfFile',
  component: () => import('./pdf-file-widget').then((m) => m.PdfFileWidget),
  optionsSchema,
});
