/** Where Enter means "submit the form": a one-line text field (not a checkbox, a file input or a button). */
export function isTextField(target: EventTarget): boolean {
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'button', 'submit', 'reset'].includes(target.type);
}
