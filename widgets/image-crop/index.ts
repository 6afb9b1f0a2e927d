import { defineWidget } from '../widget-definition';
import optionsSchema from './options.schema.json';

export const imageCropWidget = defineWidget({
  name: 'imageCrop',
  component: () => import('./image-crop-widget').then((m) => m.ImageCropWidget),
  optionsSchema,
});
