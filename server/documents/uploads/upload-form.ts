import { type AcceptedFile, type UploadValidator, uploadKindRule } from './upload-kinds';

/**
 * What a multipart route accepts, declared once: text fields, single files, and numbered file
 * groups (`documentProof` accepts documentProof_0 .. documentProof_{max-1}). Anything else is refused.
 * Declare with `defineUploadForm({...})` so `required: true` narrows the result types.
 */
export interface TextFieldSpec {
  required?: boolean;
  /** Bytes; default 64 KB. */
  maxLength?: number;
}

export interface FileFieldSpec {
  /** A kind of flow-config/uploads.json. */
  kind: string;
  required?: boolean;
  /** Runs after the kind's own validate hook, for a rule of this form only. */
  validate?: UploadValidator;
}

export interface FileGroupSpec {
  kind: string;
  /** Highest index + 1. */
  max: number;
  validate?: UploadValidator;
}

export interface UploadFormSpec {
  text?: Readonly<Record<string, TextFieldSpec>>;
  files?: Readonly<Record<string, FileFieldSpec>>;
  groups?: Readonly<Record<string, FileGroupSpec>>;
}

type Required<T, V> = T extends { required: true } ? V : V | undefined;

export interface UploadForm<S extends UploadFormSpec> {
  text: { [K in keyof S['text']]: Required<S['text'][K], string> };
  files: { [K in keyof S['files']]: Required<S['files'][K], AcceptedFile> };
  /** By index; which indexes must be present is the route's rule (e.g. one proof per nominee). */
  groups: { [K in keyof S['groups']]: ReadonlyMap<number, AcceptedFile> };
}

export function defineUploadForm<const S extends UploadFormSpec>(spec: S): S {
  return spec;
}

export const defaultTextMaxLength = 64 * 1024;

/** Where a part of the request goes, by its field name. */
export type Slot =
  | { type: 'text'; name: string; spec: TextFieldSpec }
  | { type: 'file'; name: string; kind: string; validate?: UploadValidator | undefined }
  | { type: 'group'; name: string; index: number; kind: string; validate?: UploadValidator | undefined };

const groupField = /^(.+)_(0|[1-9][0-9]{0,3})$/;

export function slotOf(spec: UploadFormSpec, field: string): Slot | undefined {
  const text = spec.text && Object.hasOwn(spec.text, field) ? spec.text[field] : undefined;
  if (text) return { type: 'text', name: field, spec: text };
  const file = spec.files && Object.hasOwn(spec.files, field) ? spec.files[field] : undefined;
  if (file) return { type: 'file', name: field, kind: file.kind, validate: file.validate };
  const match = groupField.exec(field);
  const [, name, digits] = match ?? [];
  if (!name || !digits || !spec.groups || !Object.hasOwn(spec.groups, name)) return undefined;
  const group = spec.groups[name];
  const index = Number(digits);
  return group && index < group.max ? { type: 'group', name, index, kind: group.kind, validate: group.validate } : undefined;
}

/** Busboy limits for one form: the parser itself refuses more parts, files or bytes than declared. */
export function parserLimits(spec: UploadFormSpec) {
  const texts = Object.values(spec.text ?? {});
  const files = Object.values(spec.files ?? {});
  const groups = Object.values(spec.groups ?? {});
  const fileCount = files.length + groups.reduce((sum, group) => sum + group.max, 0);
  const largest = Math.max(0, ...[...files, ...groups].map((slot) => uploadKindRule(slot.kind).maxBytes));
  // One more of each than declared: the first extra part reaches readUploadForm, which names it
  // ('Unexpected field'); a flood beyond that is cut by the parser.
  return {
    fieldNameSize: 100,
    fields: texts.length + 1,
    fieldSize: Math.max(0, ...texts.map((text) => text.maxLength ?? defaultTextMaxLength)),
    files: fileCount + 1,
    // One byte over the largest limit: enough to tell "over" from "exactly at" the limit.
    fileSize: largest + 1,
    parts: texts.length + fileCount + 1,
    headerPairs: 20,
  };
}
