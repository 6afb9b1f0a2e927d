import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const consentCheckboxWidget: WidgetDefinition = {
  name: 'consentCheckbox',
  component: lazyWidget(() => import('./consent-checkbox-widget').then((m) => m.ConsentCheckboxWidget)),
  optionsSchema,
};
