import { ApiError } from '../errors';
import { type UploadKindRule, imageLimits, sizeText } from './upload-kinds';

/** The wire messages of the upload pipeline, in one place so tests and clients can rely on them. */
export const uploadMessages = {
  tooLarge: (rule: UploadKindRule) => `${rule.label} is larger than ${sizeText(rule.maxBytes)}`,
  wrongType: (rule: UploadKindRule) => `${rule.label} must be ${rule.acceptText}`,
  damaged: (rule: UploadKindRule) => `${rule.label} is damaged or incomplete, upload it again`,
  tooManyPixels: (rule: UploadKindRule) =>
    `${rule.label} has too many pixels (at most ${imageLimits.maxPixels / 1_000_000} megapixels)`,
  empty: (rule: UploadKindRule) => `${rule.label} is empty`,
  required: (label: string) => `${label} is required`,
  unexpectedField: (name: string) => `Unexpected field '${name}'`,
  duplicateField: (name: string) => `Field '${name}' is sent twice`,
  fileExpected: (name: string) => `Field '${name}' must be a file`,
  textExpected: (name: string) => `Field '${name}' must be text, not a file`,
  fieldTooLong: (name: string) => `Field '${name}' is too long`,
  tooManyParts: 'The upload has too many parts',
  notMultipart: 'Send this as multipart/form-data',
  malformed: 'The upload is not valid multipart/form-data',
  interrupted: 'The upload was interrupted, try again',
  jsonOnly: 'Unsupported Media Type: multipart/form-data',
} as const;

export const tooLarge = (rule: UploadKindRule) => new ApiError(413, uploadMessages.tooLarge(rule));
export const wrongType = (rule: UploadKindRule) => new ApiError(415, uploadMessages.wrongType(rule));
export const damaged = (rule: UploadKindRule) => new ApiError(400, uploadMessages.damaged(rule));
