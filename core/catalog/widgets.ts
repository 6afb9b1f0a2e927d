// The names flow-config may write as "ui:widget", each with the JSON Schema of its "ui:options". Pure data: the
// config check reads it in Node and in the browser; widgets/registry.ts binds each name to its component.
import bankBranch from './widget-options/bank-branch.schema.json';
import checkboxCards from './widget-options/checkbox-cards.schema.json';
import consentCheckbox from './widget-options/consent-checkbox.schema.json';
import dateInput from './widget-options/date-input.schema.json';
import declarations from './widget-options/declarations.schema.json';
import digitsText from './widget-options/digits-text.schema.json';
import documentFile from './widget-options/document-file.schema.json';
import imageCrop from './widget-options/image-crop.schema.json';
import nativeSelect from './widget-options/native-select.schema.json';
import optionCards from './widget-options/option-cards.schema.json';
import pdfFile from './widget-options/pdf-file.schema.json';
import pincode from './widget-options/pincode.schema.json';
import preferenceChoice from './widget-options/preference-choice.schema.json';
import signature from './widget-options/signature.schema.json';
import uppercaseText from './widget-options/uppercase-text.schema.json';

export type OptionsSchema = Readonly<Record<string, unknown>>;

/** Widget name (lowerCamel, as config writes it) → the JSON Schema of its `ui:options`, which refuses unknown keys. */
export const widgetOptions = {
  dateInput,
  uppercaseText,
  optionCards,
  checkboxCards,
  declarations,
  nativeSelect,
  bankBranch,
  digitsText,
  imageCrop,
  signature,
  pincode,
  consentCheckbox,
  preferenceChoice,
  pdfFile,
  documentFile,
} as const satisfies Readonly<Record<string, OptionsSchema>>;

export type WidgetName = keyof typeof widgetOptions;

export const widgetNames = Object.keys(widgetOptions) as WidgetName[];
