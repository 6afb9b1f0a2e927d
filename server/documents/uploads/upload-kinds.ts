/**
 * Every kind of file the product accepts, read from flow-config/uploads.json (or ONBOARD_CONFIG_DIR's) once: size
 * limit, the types its content may have (checked by magic bytes, never by name or declared type), whether a PDF may
 * come with its password. The config check (server/validation/upload-checks.ts) has vetted the file before any
 * server starts; here it is only read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FileContent, type UploadsConfig, kindFileTypes, maxBytesOf, megabyte } from '../../../core/engine/upload-limits';
import { configDir } from '../../config/config-dirs';
import type { UploadKind } from './code-kinds';

export type { UploadKind } from './code-kinds';

export const jpegMime = 'image/jpeg';
export const pngMime = 'image/png';
export const pdfMime = 'application/pdf';
export const docxMime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const textMime = 'text/plain';

/** A file whose content has been checked (and, for images, re-encoded): safe to store. `kind` names its rule. */
export interface AcceptedFile {
  kind: string;
  mime: string;
  bytes: Buffer;
}

/**
 * Extra check for a form's file, run once the whole form is read (so it sees the text fields, e.g. a PDF's
 * `password`). Throw an ApiError to refuse the upload; nothing has been stored yet.
 */
export type UploadValidator = (file: AcceptedFile, fields: Readonly<Record<string, string>>) => void | Promise<void>;

export interface UploadKindRule {
  /** How messages name the file: 'PAN image is larger than 5 MB'. */
  label: string;
  maxBytes: number;
  /** MIME types its content may be detected as, each with how that content is checked. */
  accept: ReadonlyMap<string, FileContent>;
  /** How messages name the accepted types: 'PAN image must be a JPEG or PNG image'. */
  acceptText: string;
  /** An encrypted PDF is accepted when it comes with its password. */
  pdfPassword: boolean;
}

export const uploadsFile = join(configDir, 'uploads.json');

/** flow-config/uploads.json, parsed (the config check has already refused a broken one). */
export function readUploadsConfig(file: string = uploadsFile): UploadsConfig {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as UploadsConfig;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message} (run npm run check:config)`, { cause: error });
  }
}

function rulesOf(config: UploadsConfig): Record<string, UploadKindRule> {
  return Object.fromEntries(
    Object.entries(config.kinds).map(([name, kind]) => [
      name,
      {
        label: kind.label,
        maxBytes: maxBytesOf(kind),
        accept: new Map(kindFileTypes(config, name).map((type) => [type.mime, type.content])),
        acceptText: kind.acceptText,
        pdfPassword: kind.pdfPassword === true,
      },
    ]),
  );
}

export const uploadsConfig: UploadsConfig = readUploadsConfig();

/** The kinds by name: those the code names are always there (the config check insists), others as config adds them. */
export const uploadKinds: Readonly<Record<UploadKind, UploadKindRule>> & Readonly<Record<string, UploadKindRule | undefined>> =
  rulesOf(uploadsConfig) as Record<UploadKind, UploadKindRule>;

/** The rule of a kind; a kind no config declares is a wiring bug (the check refuses schemas naming one). */
export function uploadKindRule(kind: string): UploadKindRule {
  const rule = uploadKinds[kind];
  if (!rule) throw new Error(`no upload kind '${kind}' in flow-config/uploads.json`);
  return rule;
}

/** Images: decompression-bomb guard and the largest side kept after re-encoding. */
export const imageLimits = { maxPixels: 50_000_000, maxSide: 4096 } as const;

/**
 * Upload bodies the server reads (and throws away) before answering an error, so the client
 * sees the answer instead of a reset connection. Past these, it answers and closes the connection.
 */
export const drainLimits = { maxBytes: 32 * megabyte, maxMs: 15_000 } as const;

export function sizeText(bytes: number): string {
  return bytes % megabyte === 0 ? `${bytes / megabyte} MB` : `${Math.round(bytes / 1024)} KB`;
}
