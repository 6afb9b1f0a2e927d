import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const digitsTextWidget: WidgetDefinition = {
  name: 'digitsText',
  component: lazyWidget(() => import('./digits-text-widget').then((m) => m.DigitsTextWidget)),
  optionsSchema,
};
