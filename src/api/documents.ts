import type { ApiClient, UploadOptions } from './client';
import type { DeclarationData } from '../../core/api/generated/schema-types';
import type { StepSavedResponse } from '../../core/api/types';

/** An upload saved: the toast text, the step it completed (pan_image_upload, signature...) and the updated user. */
export interface UploadSavedResponse extends StepSavedResponse {
  step?: string;
}

/** Body of POST /user/declaration: schemas/step-data/declaration.schema.json. */
export type DeclarationBody = DeclarationData;

const single = (field: string, file: Blob, name?: string): FormData => {
  const body = new FormData();
  if (name === undefined) body.append(field, file);
  else body.append(field, file, name);
  return body;
};

/** POST /user/pan-proof-upload, the image in multipart field `pan`. */
export const uploadPanImage = (api: ApiClient, file: File, options?: UploadOptions) =>
  api.upload<UploadSavedResponse>('/user/pan-proof-upload', single('pan', file, file.name), options);

export const saveDeclaration = (api: ApiClient, body: DeclarationBody) => api.post<StepSavedResponse>('/user/declaration', body);

/** POST /user/add-signature, the image in multipart field `signature`. */
export const addSignature = (api: ApiClient, file: File, options?: UploadOptions) =>
  api.upload<UploadSavedResponse>('/user/add-signature', single('signature', file, file.name), options);

/** What a rejected document is re-uploaded with (spec section 7): the file in `data`, its step, type and password. */
export interface ReuploadFields {
  step: string;
  documentType?: string;
  password?: string;
}

/** POST /user/modification/document: a re-upload for one rejected document step. */
export const reuploadDocument = (api: ApiClient, file: File, fields: ReuploadFields, options?: UploadOptions) => {
  const body = single('data', file, file.name);
  body.append('step', fields.step);
  if (fields.documentType) body.append('document_type', fields.documentType);
  if (fields.password) body.append('password', fields.password);
  return api.upload<UploadSavedResponse>('/user/modification/document', body, options);
};
