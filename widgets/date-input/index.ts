import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const dateInputWidget: WidgetDefinition = {
  name: 'dateInput',
  component: lazyWidget(() => import('./date-input-widget').then((m) => m.DateInputWidget)),
  optionsSchema,
};
