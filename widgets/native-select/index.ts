import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const nativeSelectWidget = defineWidget({
  name: 'nativeSelect',
  component: () => import('./native-select-widget').then((m) => m.NativeSelectWidget),
  optionsSchema,
});
