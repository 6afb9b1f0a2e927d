import type { FormContextType } from '@rjsf/utils';
import { format, type FormatValues } from '../../text/format';
import type { FormCopy } from './copy';

/** Which fields the user has left, and whether a submit (or a page's Next) was tried. */
export interface TouchState {
  touched: readonly string[];
  submitted: boolean;
  /**
   * The fields a tried submit found wrong (ids), when the form tracks them: only these show their errors before
   * they are touched, so a field that appears later (a nominee added, the password once its box is ticked)
   * starts clean. Undefined: every field does once `submitted`.
   */
  flagged?: readonly string[];
}

/** What a paged form offers the widgets of its current page. */
export interface Pager {
  /** Id of the page heading: it names a question whose own label is hidden. */
  titleId: string;
  /** An answer was chosen in `field`: a page of that one question moves on. */
  chosen: (field: string) => void;
}

/** What our templates and widgets read from rjsf's formContext; one key, so nothing clashes with rjsf's own. */
export interface OnboardContext {
  touch: TouchState;
  /** The form's copy: texts widgets show that belong to no field ('viewMore', 'selectPlaceholder'...). */
  copy: FormCopy;
  /** Top-level fields shown, in order (the current page's); undefined: all, in schema order. */
  fields?: readonly string[];
  pager?: Pager;
}

const KEY = 'onboard';

export function onboardContext(parts: OnboardContext): FormContextType {
  return { [KEY]: parts };
}

export function readOnboardContext(formContext: FormContextType | undefined): OnboardContext | undefined {
  const value: unknown = formContext?.[KEY];
  return value && typeof value === 'object' && 'touch' in value ? (value as OnboardContext) : undefined;
}

/** A text of the form's copy with its {placeholders} filled; a missing key shows as '[key]'. */
export function formText(formContext: FormContextType | undefined, key: string, values?: FormatValues): string {
  const template = readOnboardContext(formContext)?.copy[key];
  return template === undefined ? `[${key}]` : format(template, values);
}

export function pagerOf(formContext: FormContextType | undefined): Pager | undefined {
  return readOnboardContext(formContext)?.pager;
}

/** Whether a submit (or a paged form's Next) has been tried: widgets act on what was left unanswered. */
export function formSubmitted(formContext: FormContextType | undefined): boolean {
  return readOnboardContext(formContext)?.touch.submitted === true;
}
