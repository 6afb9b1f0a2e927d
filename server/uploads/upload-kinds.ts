/**
 * Every kind of file the product accepts, in one table: size limit, the types its content may
 * have (checked by magic bytes, never by name or declared type), and an optional extra check.
 */

import { megabyte, uploadMaxBytes } from '../../src/engine/upload-limits';

/** What a file is (never the step that takes it): each route names the kinds its form accepts. */
export type UploadKind = 'pan_image' | 'signature_image' | 'selfie_image' | 'nominee_proof' | 'income_proof_pdf' | 'modification_document';

export const jpegMime = 'image/jpeg';
export const pngMime = 'image/png';
export const pdfMime = 'application/pdf';
export const docxMime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const textMime = 'text/plain';

export type AcceptedMime = typeof jpegMime | typeof pngMime | typeof pdfMime | typeof docxMime | typeof textMime;

/** A file whose content has been checked (and, for images, re-encoded): safe to store. */
export interface AcceptedFile {
  kind: UploadKind;
  mime: AcceptedMime;
  bytes: Buffer;
}

/**
 * Extra check for a kind, run once the whole form is read (so it sees the text fields, e.g. a
 * PDF's `password`). Throw an ApiError to refuse the upload; nothing has been stored yet.
 */
export type UploadValidator = (file: AcceptedFile, fields: Readonly<Record<string, string>>) => void | Promise<void>;

export interface UploadKindRule {
  /** How messages name the file: 'PAN image is larger than 5 MB'. */
  label: string;
  maxBytes: number;
  accept: readonly AcceptedMime[];
  /** How messages name the accepted types: 'PAN image must be a JPEG or PNG image'. */
  acceptText: string;
  validate?: UploadValidator;
}

const images = [jpegMime, pngMime] as const;

export const uploadKinds: Readonly<Record<UploadKind, UploadKindRule>> = {
  pan_image: { label: 'PAN image', maxBytes: uploadMaxBytes.image, accept: images, acceptText: 'a JPEG or PNG image' },
  signature_image: { label: 'Signature', maxBytes: uploadMaxBytes.image, accept: images, acceptText: 'a JPEG or PNG image' },
  // Not uploaded by the applicant: fetched from the identity provider after the liveness check, then checked alike.
  selfie_image: { label: 'Selfie', maxBytes: uploadMaxBytes.image, accept: images, acceptText: 'a JPEG or PNG image' },
  // Spec section 2: the nominee's proof of identity is an image upload.
  nominee_proof: { label: 'Nominee proof', maxBytes: uploadMaxBytes.image, accept: images, acceptText: 'a JPEG or PNG image' },
  income_proof_pdf: { label: 'Income proof', maxBytes: uploadMaxBytes.pdf, accept: [pdfMime], acceptText: 'a PDF' },
  // Spec: jpg, jpeg, png, doc, docx, txt and pdf. Legacy .doc is left out: its container (CFB) is
  // shared with .xls, .msi and others, so its content cannot be told apart by magic bytes.
  modification_document: {
    label: 'Document',
    maxBytes: uploadMaxBytes.document,
    accept: [jpegMime, pngMime, pdfMime, docxMime, textMime],
    acceptText: 'a JPEG, PNG, PDF, DOCX or plain text file',
  },
};

/** Images: decompression-bomb guard and the largest side kept after re-encoding. */
export const imageLimits = { maxPixels: 50_000_000, maxSide: 4096 } as const;

/**
 * Upload bodies the server reads (and throws away) before answering an error, so the client
 * sees the answer instead of a reset connection. Past these, it answers and closes the connection.
 */
export const drainLimits = { maxBytes: 32 * megabyte, maxMs: 15_000 } as const;

export function isUploadKind(value: string): value is UploadKind {
  return Object.hasOwn(uploadKinds, value);
}

export function sizeText(bytes: number): string {
  return bytes % megabyte === 0 ? `${bytes / megabyte} MB` : `${Math.round(bytes / 1024)} KB`;
}
