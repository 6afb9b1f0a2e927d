import type { WidgetName } from '../core/catalog/widgets';
import type { StepWidget } from '../src/renderer/public-api/fields';

/**
 * The only place a widget name (core/catalog/widgets.ts, with its options schema) is bound to code: each widget's
 * module, its own chunk, loaded the first time a form names it. The app hands these to the form renderer.
 * (scripts/route-chunks.ts reads the `name: () => import('./module')` lines below to know each widget's chunk:
 * keep one a line.)
 */
export const widgetLoaders: Readonly<Record<WidgetName, () => Promise<StepWidget>>> = {
  dateInput: () => import('./date-input/date-input-widget').then((m) => m.DateInputWidget),
  uppercaseText: () => import('./uppercase-text/uppercase-text-widget').then((m) => m.UppercaseTextWidget),
  optionCards: () => import('./option-cards/option-cards-widget').then((m) => m.OptionCardsWidget),
  checkboxCards: () => import('./checkbox-cards/checkbox-cards-widget').then((m) => m.CheckboxCardsWidget),
  declarations: () => import('./declarations/declarations-widget').then((m) => m.DeclarationsWidget),
  nativeSelect: () => import('./native-select/native-select-widget').then((m) => m.NativeSelectWidget),
  bankBranch: () => import('./bank-branch/bank-branch-widget').then((m) => m.BankBranchWidget),
  digitsText: () => import('./digits-text/digits-text-widget').then((m) => m.DigitsTextWidget),
  imageCrop: () => import('./image-crop/image-crop-widget').then((m) => m.ImageCropWidget),
  signature: () => import('./signature/signature-widget').then((m) => m.SignatureWidget),
  pincode: () => import('./pincode/pincode-widget').then((m) => m.PincodeWidget),
  consentCheckbox: () => import('./consent-checkbox/consent-checkbox-widget').then((m) => m.ConsentCheckboxWidget),
  preferenceChoice: () => import('./preference-choice/preference-choice-widget').then((m) => m.PreferenceChoiceWidget),
  pdfFile: () => import('./pdf-file/pdf-file-widget').then((m) => m.PdfFileWidget),
  documentFile: () => import('./document-file/document-file-widget').then((m) => m.DocumentFileWidget),
};
