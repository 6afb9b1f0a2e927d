import { lazyWidget } from '../../src/renderer/public-api';
import type { WidgetDefinition } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const imageCropWidget: WidgetDefinition = {
  name: 'imageCrop',
  component: lazyWidget(() => import('./image-crop-widget').then((m) => m.ImageCropWidget)),
  optionsSchema,
};
