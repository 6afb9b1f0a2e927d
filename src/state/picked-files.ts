/**
 * Files the applicant picked, drawn or cropped, held in memory while the page is open. A form's data holds only
 * a reference string (schemas describe a file field as a string: the server sees the name of its multipart part),
 * so rjsf validates it like any other answer and the submit effect turns it back into the file to send.
 */
const files = new Map<string, File>();
/** The upload kind a file was picked for ("x-upload" of its field), so its kind's limit applies when it is sent. */
const kinds = new Map<string, string>();
let counter = 0;

const PREFIX = 'picked-file:';

/** Keeps `file` (picked for a field of upload kind `kind`, when it has one) and returns the reference to store in form data. */
export function keepPickedFile(file: File, kind?: string): string {
  counter += 1;
  const ref = `${PREFIX}${counter}:${file.name}`;
  files.set(ref, file);
  if (kind) kinds.set(ref, kind);
  return ref;
}

/** The upload kind a file was picked for, if its field declared one. */
export function pickedFileKind(ref: unknown): string | undefined {
  return typeof ref === 'string' ? kinds.get(ref) : undefined;
}

/** The file behind a reference; undefined for anything else (say, a part name stored by an earlier save). */
export function pickedFile(ref: unknown): File | undefined {
  return typeof ref === 'string' ? files.get(ref) : undefined;
}

export function isPickedFileRef(value: unknown): value is string {
  return typeof value === 'string' && files.has(value);
}

/** Drops a file that was replaced, so memory holds only what a form still uses. */
export function forgetPickedFile(ref: unknown): void {
  if (typeof ref !== 'string') return;
  files.delete(ref);
  kinds.delete(ref);
}
