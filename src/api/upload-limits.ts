import uploads from '@flow-config/uploads.json';
import { type UploadsConfig, kindAccept, maxBytesOf, megabyte, typeLimit, uploadKeyword } from '../../core/engine/upload-limits';
import { format } from '../text/format';

/** flow-config/uploads.json: the same kinds and limits the server's upload pipeline reads. */
const config = uploads as UploadsConfig;

/** Images up to 5 MB and PDFs (and other documents) up to 10 MB, as the kinds of flow-config/uploads.json say. */
export const uploadLimits = {
  image: typeLimit(config, 'image/jpeg'),
  pdf: typeLimit(config, 'application/pdf'),
  other: typeLimit(config, ''),
} as const;

/** A browser File, or any Blob with a name (what FormData holds). */
export interface NamedBlob {
  readonly size: number;
  readonly type: string;
}

/** Multipart field → its upload kind ("x-upload" in the step's schema), for a body whose kinds are known. */
export type FieldKinds = Readonly<Record<string, string>>;

/** The largest size allowed for this file: its kind's limit, or with no kind known the smallest any kind gives its type. */
export function fileLimit(file: NamedBlob, kind?: string): number {
  const declared = kind === undefined ? undefined : config.kinds[kind];
  return declared ? maxBytesOf(declared) : typeLimit(config, file.type);
}

/** The upload kind a field's schema declares ("x-upload"), if any. */
export function uploadKindOf(schema: object | undefined): string | undefined {
  const kind = (schema as Record<string, unknown> | undefined)?.[uploadKeyword];
  return typeof kind === 'string' ? kind : undefined;
}

/** The system file picker's filter for a kind ('image/jpeg,.jpg,...'), or undefined for a kind config lacks. */
export const kindPickerFilter = (kind: string): string | undefined => (config.kinds[kind] ? kindAccept(config, kind) : undefined);

/** The message for a file over its limit (`template` fills `{limit}` with e.g. '5 MB'), or undefined when it may be sent. */
export function fileSizeProblem(file: NamedBlob, template: string, kind?: string): string | undefined {
  const limit = fileLimit(file, kind);
  return file.size > limit ? format(template, { limit: `${limit / megabyte} MB` }) : undefined;
}

/** The first problem among the files of a multipart body (checked before anything is sent). */
export function formDataSizeProblem(body: FormData, template: string, kinds: FieldKinds = {}): string | undefined {
  for (const [field, value] of body.entries()) {
    if (typeof value === 'string') continue;
    const problem = fileSizeProblem(value, template, kinds[field]);
    if (problem) return problem;
  }
  return undefined;
}
