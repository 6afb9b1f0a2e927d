import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const pincodeWidget: WidgetDefinition = {
  name: 'pincode',
  component: lazyWidget(() => import('./pincode-widget').then((m) => m.PincodeWidget)),
  optionsSchema,
};
