/** Errors are shown under their fields, never as a list above the form. */
export function ErrorListTemplate() {
  return null;
}
