import { megabyte, uploadMaxBytes } from '../engine/upload-limits';
import { format } from '../text/format';

/** Spec 9, from the table the server's upload kinds use too: images up to 5 MB, PDFs (and other documents) up to 10 MB. */
export const uploadLimits = { image: uploadMaxBytes.image, pdf: uploadMaxBytes.pdf, other: uploadMaxBytes.document } as const;

/** A browser File, or any Blob with a name (what FormData holds). */
export interface NamedBlob {
  readonly size: number;
  readonly type: string;
}

/** The largest size allowed for a file of this type. */
export function fileLimit(file: NamedBlob): number {
  if (file.type.startsWith('image/')) return uploadLimits.image;
  if (file.type === 'application/pdf') return uploadLimits.pdf;
  return uploadLimits.other;
}

/** The message for a file over its limit (`template` fills `{limit}` with e.g. '5 MB'), or undefined when it may be sent. */
export function fileSizeProblem(file: NamedBlob, template: string): string | undefined {
  const limit = fileLimit(file);
  return file.size > limit ? format(template, { limit: `${limit / megabyte} MB` }) : undefined;
}

/** The first problem among the files of a multipart body (checked before anything is sent). */
export function formDataSizeProblem(body: FormData, template: string): string | undefined {
  for (const [, value] of body.entries()) {
    if (typeof value === 'string') continue;
    const problem = fileSizeProblem(value, template);
    if (problem) return problem;
  }
  return undefined;
}
