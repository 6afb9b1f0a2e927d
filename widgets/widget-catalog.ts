// Pure data (no React): the widget names flow-config may write in "ui:widget", each with the JSON Schema of its
// "ui:options". The config check runs in Node on this file alone; registry.ts binds the same names to code.
import bankBranchOptions from './bank-branch/options.schema.json';
import consentCheckboxOptions from './consent-checkbox/options.schema.json';
import dateInputOptions from './date-input/options.schema.json';
import digitsTextOptions from './digits-text/options.schema.json';
import imageCropOptions from './image-crop/options.schema.json';
import pincodeOptions from './pincode/options.schema.json';
import preferenceChoiceOptions from './preference-choice/options.schema.json';
import signatureOptions from './signature/options.schema.json';
import uppercaseTextOptions from './uppercase-text/options.schema.json';

export type WidgetOptionsSchema = Readonly<Record<string, unknown>>;

export const widgetCatalog = {
  bankBranch: bankBranchOptions,
  consentCheckbox: consentCheckboxOptions,
  dateInput: dateInputOptions,
  digitsText: digitsTextOptions,
  imageCrop: imageCropOptions,
  pincode: pincodeOptions,
  preferenceChoice: preferenceChoiceOptions,
  signature: signatureOptions,
  uppercaseText: uppercaseTextOptions,
} as const satisfies Record<string, WidgetOptionsSchema>;

export type WidgetName = keyof typeof widgetCatalog;

export const widgetNames = Object.keys(widgetCatalog) as WidgetName[];

/** rjsf's own widgets that config may also name; our theme renders these acceptably. */
export const builtinWidgetNames = ['checkbox', 'checkboxes', 'hidden', 'radio', 'select', 'text', 'textarea'] as const;

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgetCatalog, name);
}
