/**
 * The kinds of file a step may take and the file types the server tells apart by content, as flow-config/uploads.json
 * declares them (checked by schemas/uploads-config.schema.json and uploadsProblems). Pure: the server's upload
 * pipeline (server/documents/uploads/upload-kinds.ts), the browser's limits and picker filters (src/api/upload-limits.ts) and
 * the config check all read that one file through here.
 */
export const megabyte = 1024 * 1024;

/** How the server checks a type's content once its magic bytes matched (server/documents/uploads/accept-file.ts). */
export type FileContent = 'image' | 'pdf' | 'zip' | 'text';

export interface FileTypeConfig {
  mime: string;
  extensions: readonly string[];
  content: FileContent;
}

export interface UploadKindConfig {
  label: string;
  types: readonly string[];
  maxMB: number;
  acceptText: string;
  pdfPassword?: boolean;
}

export interface UploadsConfig {
  fileTypes: Readonly<Record<string, FileTypeConfig>>;
  kinds: Readonly<Record<string, UploadKindConfig>>;
}

/**
 * The types each content check can handle: an image is re-encoded in its own format (sharp writes these), a zip
 * is an OOXML document file-type recognises by its parts. A file type outside these cannot be checked, so the
 * config check refuses it.
 */
export const contentMimes: Readonly<Record<FileContent, readonly string[]>> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
  zip: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  text: ['text/plain'],
};

export const maxBytesOf = (kind: Pick<UploadKindConfig, 'maxMB'>): number => Math.round(kind.maxMB * megabyte);

/** The file types a kind accepts (names the check has verified). */
export function kindFileTypes(config: UploadsConfig, kind: string): FileTypeConfig[] {
  return (config.kinds[kind]?.types ?? []).flatMap((name) => config.fileTypes[name] ?? []);
}

/** The file picker's filter for a kind: its types and their extensions ('image/jpeg,.jpg,.jpeg,...'). */
export function kindAccept(config: UploadsConfig, kind: string): string {
  return kindFileTypes(config, kind)
    .flatMap((type) => [type.mime, ...type.extensions])
    .join(',');
}

/** The largest size of a file of MIME `type` when its kind is unknown: the smallest limit any kind accepting it has. */
export function typeLimit(config: UploadsConfig, type: string): number {
  const limits = Object.values(config.kinds)
    .filter((kind) => kind.types.some((name) => config.fileTypes[name]?.mime === type))
    .map(maxBytesOf);
  return limits.length > 0 ? Math.min(...limits) : Math.max(...Object.values(config.kinds).map(maxBytesOf));
}

/** The keyword a step schema's field names its upload kind with: `"proof": { "type": "string", "x-upload": "document_proof" }`. */
export const uploadKeyword = 'x-upload';

export interface UploadField {
  field: string;
  kind: string;
}

/** The file fields a step schema declares (top-level properties with "x-upload"), in the schema's order. */
export function uploadFieldsOf(schema: unknown): UploadField[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.entries(properties).flatMap(([field, property]) => {
    const kind = (property as Record<string, unknown> | undefined)?.[uploadKeyword];
    return typeof kind === 'string' ? [{ field, kind }] : [];
  });
}
