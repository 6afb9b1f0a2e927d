import { refusedHere } from '../api/api-error';
import { uploadPanImage as postPanImage } from '../api/documents';
import { pickedFile } from '../state/picked-files';
import type { SubmitEffect } from './types';

/** Sends the cropped PAN image (form field panImage) as multipart field `pan`; the answer names the step. */
export const uploadPanImage: SubmitEffect = async (data, { api, onProgress, say }) => {
  const file = pickedFile(data.panImage);
  if (!file) throw refusedHere(say('upload.panImageMissing'));
  const { message, user } = await postPanImage(api, file, onProgress ? { onProgress } : undefined);
  return { message, user };
};
