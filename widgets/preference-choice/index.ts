import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const preferenceChoiceWidget: WidgetDefinition = {
  name: 'preferenceChoice',
  component: lazyWidget(() => import('./preference-choice-widget').then((m) => m.PreferenceChoiceWidget)),
  optionsSchema,
};
