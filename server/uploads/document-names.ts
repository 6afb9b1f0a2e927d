import { isUploadKind, uploadKinds } from './upload-kinds';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
};

/** A document's file name from what it is ('PAN image' → pan_image.jpg), never from the client. */
export function documentFileName(kind: string, mime: string): string {
  const base = isUploadKind(kind) ? uploadKinds[kind].label.toLowerCase().replace(/\s+/g, '_') : 'document';
  return `${base}.${extensions[mime] ?? 'bin'}`;
}
