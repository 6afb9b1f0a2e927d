// What widgets (widgets/*) may use from the renderer: types, and helpers for labels, errors, copy and pages,
// the responsive dialog, and the API calls a widget makes for reference data. Anything else in src/ is not theirs;
// an ESLint rule (npm run lint) keeps widgets to this file.
export type { StepFormData, StepRegistry, StepWidget, StepWidgetProps } from './form/types';
export { errorsVisible } from './form/touch';
export { formSubmitted, formText, pagerOf, type Pager } from './form/form-context';
export { describedBy, fieldLabelId, groupLabelledBy, optionDescription, orderedOptions } from './form/widget-helpers';
export { ResponsiveModal, useIsNarrow } from '../ui/responsive-modal';
export { useApi } from '../api/api-context';
export { listBanks, searchBranches, type Bank, type Branch } from '../api/bank';
// Files (picked, drawn or cropped) travel in form data as references; the submit effect sends the files.
export { keepPickedFile, pickedFile, forgetPickedFile, isPickedFileRef } from '../state/picked-files';
export { kindPickerFilter, uploadKindOf } from '../api/upload-limits';
export { resolvePincode, cachedPincode, PINCODE_LOOKUP, type PincodeResult, type PincodeLookup } from '../api/pincode';
export type { ControlTexts } from '../../core/engine/config-types';
export { useConfigLink, useControlTexts, useFileSizeProblem, useUploadTexts } from './form/links';
export { format } from '../text/format';
