import { useConfig } from '../../config/config-context';
import type { UploadTexts } from '../../../core/engine/config-types';
import { type NamedBlob, fileSizeProblem } from '../../api/upload-limits';
import { messageText } from '../../../core/engine/message-codes';

/** The upload control's texts (flow-config/messages.json `uploads`), the same in every form. */
export function useUploadTexts(): UploadTexts {
  return useConfig().messages.uploads;
}

/** The message for a file over its limit (flow-config/messages.json `upload.fileTooLarge`, or the widget's own copy). */
export function useFileSizeProblem(): (file: NamedBlob, template?: string, kind?: string) => string | undefined {
  const { messages } = useConfig();
  return (file, template, kind) => fileSizeProblem(file, template ?? messageText(messages, 'upload.fileTooLarge'), kind);
}
