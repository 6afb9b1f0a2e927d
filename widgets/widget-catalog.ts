// Pure data (no React): every widget definition, and what config may write in "ui:widget" with the JSON Schema of
// its "ui:options", derived from them. The config check runs in Node on this file; registry.ts binds components.
import { bankBranchWidget } from './bank-branch';
import { checkboxCardsWidget } from './checkbox-cards';
import { consentCheckboxWidget } from './consent-checkbox';
import { dateInputWidget } from './date-input';
import { declarationsWidget } from './declarations';
import { digitsTextWidget } from './digits-text';
import { imageCropWidget } from './image-crop';
import { nativeSelectWidget } from './native-select';
import { optionCardsWidget } from './option-cards';
import { pincodeWidget } from './pincode';
import { preferenceChoiceWidget } from './preference-choice';
import { signatureWidget } from './signature';
import { pdfFileWidget } from './pdf-file';
import { documentFileWidget } from './document-file';
import { uppercaseTextWidget } from './uppercase-text';
import type { WidgetOptionsSchema } from './widget-definition';

export type { WidgetOptionsSchema } from './widget-definition';

/** Each folder's one definition; a new widget folder adds its definition here. */
export const widgetDefinitions = [
  dateInputWidget,
  uppercaseTextWidget,
  optionCardsWidget,
  checkboxCardsWidget,
  declarationsWidget,
  nativeSelectWidget,
  bankBranchWidget,
  digitsTextWidget,
  imageCropWidget,
  signatureWidget,
  pincodeWidget,
  consentCheckboxWidget,
  preferenceChoiceWidget,
  pdfFileWidget,
  documentFileWidget,
] as const;

export type WidgetName = (typeof widgetDefinitions)[number]['name'];

export const widgetNames: readonly WidgetName[] = widgetDefinitions.map((definition) => definition.name);

export const widgetCatalog: Readonly<Record<WidgetName, WidgetOptionsSchema>> = Object.fromEntries(
  widgetDefinitions.map((definition) => [definition.name, definition.optionsSchema]),
) as Record<WidgetName, WidgetOptionsSchema>;

/** rjsf's own widget names that config may also name; our theme renders these acceptably. */
export const builtinWidgetNames = ['checkbox', 'checkboxes', 'hidden', 'radio', 'select', 'text', 'textarea'] as const;

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgetCatalog, name);
}
