import type { FastifyRequest } from 'fastify';
import { findStep } from '../../../core/engine/flow';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { type UploadField, uploadFieldsOf } from '../../../core/engine/upload-limits';
import type { StepValidators } from '../../validation/step-validators';
import { FieldValidationError } from '../../errors';
import { checkPdf, pdfRefusals } from './pdf/pdf-check';
import { asBoolean } from '../../validation/upload-body';
import { readUploadForm } from './read-upload-form';
import type { UploadFormSpec } from './upload-form';
import { type AcceptedFile, type UploadValidator, pdfMime, uploadKindRule } from './upload-kinds';

/** A PDF's password, beside a file whose kind allows one: used to open the PDF, never validated into or stored. */
export const pdfPasswordField = 'password';

interface SchemaShape {
  properties?: Record<string, { type?: unknown } | undefined>;
}

/** A PDF that opens (with the password sent beside it, when its kind allows one); refused under its own field. */
function pdfOpens(field: string): UploadValidator {
  return async (file, text) => {
    if (file.mime !== pdfMime) return;
    const password = uploadKindRule(file.kind).pdfPassword ? text[pdfPasswordField] || undefined : undefined;
    const check = await checkPdf(new Uint8Array(file.bytes), password);
    if (check.kind !== 'ok') throw new FieldValidationError({ [field]: [pdfRefusals[check.kind]] });
  };
}

export interface StepUploadForm {
  /** The schema's file fields ("x-upload"), in its order. */
  files: UploadField[];
  /** Each file field's multipart name: its own, unless a spec path's binding names it otherwise ('documentId' → 'pan'). */
  wireNames: Readonly<Record<string, string>>;
  /** The multipart form they make: each file field a file of its kind, every other property a text field. */
  spec: UploadFormSpec;
}

export interface StepUploadOptions {
  /** Multipart name → the schema's file field it fills (a spec path's binding in flow.json). */
  names?: Readonly<Record<string, string>>;
  /** A file the schema requires is refused while reading when missing ('PAN image is required'), as the spec paths do. */
  filesRequired?: boolean;
}

/** The multipart form of a step schema that declares file fields; undefined for a schema without any. */
export function stepUploadForm(schema: unknown, options: StepUploadOptions = {}): StepUploadForm | undefined {
  const files = uploadFieldsOf(schema);
  if (files.length === 0) return undefined;
  const fileNames = new Set(files.map((file) => file.field));
  const renamed = new Map(Object.entries(options.names ?? {}).map(([wire, field]) => [field, wire]));
  const wireNames = Object.fromEntries(files.map(({ field }) => [field, renamed.get(field) ?? field]));
  const required = new Set(options.filesRequired ? ((schema as { required?: string[] }).required ?? []) : []);
  const properties = Object.keys((schema as SchemaShape).properties ?? {}).filter((name) => !fileNames.has(name));
  const text = Object.fromEntries(properties.map((name) => [name, {}]));
  if (files.some((file) => uploadKindRule(file.kind).pdfPassword)) text[pdfPasswordField] = { maxLength: 256 };
  const fileSpecs = files.map(({ field, kind }) => {
    const wire = wireNames[field]!;
    return [wire, { kind, validate: pdfOpens(wire), ...(required.has(field) ? { required: true } : {}) }] as const;
  });
  return { files, wireNames, spec: { text, files: Object.fromEntries(fileSpecs) } };
}

/** One text field as its property's type reads it; anything that does not parse stays text, and fails the schema. */
function typed(type: unknown, value: string): unknown {
  if (type === 'boolean') return asBoolean(value);
  const number = Number(value);
  if (type === 'number' || type === 'integer') return value.trim() !== '' && Number.isFinite(number) ? number : value;
  if (type !== 'array' && type !== 'object') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * The text fields as the schema types them (multipart sends text): 'true' and 'false' for a yes/no, a number for a
 * number, JSON for a list or an object; an empty field counts as not given, as in the form. Each file that came
 * stands as its field's name until it is stored, so the schema's rules (and messages) for a missing file apply.
 */
export function typedAnswers(schema: unknown, text: Readonly<Record<string, string | undefined>>, sentFiles: readonly string[]): Record<string, unknown> {
  const properties = (schema as SchemaShape).properties ?? {};
  const answers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(text)) {
    if (value === undefined || value === '' || !Object.hasOwn(properties, name)) continue;
    answers[name] = typed(properties[name]?.type, value);
  }
  for (const field of sentFiles) answers[field] = field;
  return answers;
}

/** A step's multipart form as read: its text fields and the files that came, each checked by content. */
export interface ReadStepUpload {
  text: Readonly<Record<string, string | undefined>>;
  files: Readonly<Record<string, AcceptedFile | undefined>>;
}

/** Reads the request against the step's form (the one upload pipeline); throws ApiError (4xx) for a bad upload. */
export async function readStepUpload(request: FastifyRequest, upload: StepUploadForm): Promise<ReadStepUpload> {
  const { text, files } = await readUploadForm(request, upload.spec);
  const sent = files as Readonly<Record<string, AcceptedFile | undefined>>;
  return { text, files: Object.fromEntries(upload.files.map(({ field }) => [field, sent[upload.wireNames[field]!]])) } as ReadStepUpload;
}

/** The file field of a step flow.json gives a schema with one (a document step added by config), or undefined. */
export function stepFileField(flow: FlowConfig, validators: StepValidators, stepId: string): UploadField | undefined {
  const schemaId = findStep(flow, stepId)?.schema;
  return schemaId ? uploadFieldsOf(validators[schemaId]?.schema)[0] : undefined;
}
