import { defineEffect } from './effect-definition';

export const reuploadDocumentEffect = defineEffect({
  name: 'reuploadDocument',
  load: () => import('./reupload-document').then((m) => m.reuploadDocument),
});
