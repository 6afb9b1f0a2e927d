import { defineEffect } from './effect-definition';

export const uploadPanImageEffect = defineEffect({
  name: 'uploadPanImage',
  load: () => import('./upload-pan-image').then((m) => m.uploadPanImage),
});
