import { ApiError } from '../../errors';
import { type UploadKindRule, sizeText } from './upload-kinds';

/** The upload pipeline's refusals of a file: texts upload.* of flow-config/messages.json. */
export const tooLarge = (rule: UploadKindRule) => new ApiError(413, 'upload.tooLarge', { label: rule.label, size: sizeText(rule.maxBytes) });
export const wrongType = (rule: UploadKindRule) => new ApiError(415, 'upload.wrongType', { label: rule.label, accept: rule.acceptText });
export const damaged = (rule: UploadKindRule) => new ApiError(400, 'upload.damaged', { label: rule.label });
