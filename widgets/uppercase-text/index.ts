import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';
import { UppercaseTextWidget } from './uppercase-text-widget';

export const uppercaseTextWidget: WidgetDefinition = { name: 'uppercaseText', component: UppercaseTextWidget, optionsSchema };
