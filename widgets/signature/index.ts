import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const signatureWidget: WidgetDefinition = {
  name: 'signature',
  component: lazyWidget(() => import('./signature-widget').then((m) => m.SignatureWidget)),
  optionsSchema,
};
