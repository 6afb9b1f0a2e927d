/**
 * What widgets may use of the renderer (enforced by `npm run lint`): the props and data types of a step form,
 * the rule for when a field shows its errors, and lazy loading so each route pays only for the widgets it uses.
 */
export type { StepFormData, StepRegistry, StepWidgetProps } from './form/types';
export { errorsVisible } from './form/touch';
export { lazyWidget } from './form/lazy-widget';
export { ResponsiveModal, useIsNarrow } from '../ui/responsive-modal';
export { useApi } from '../api/api-context';
export { listBanks, searchBranches, type Bank, type Branch } from '../api/bank';
// Files (picked, drawn or cropped) travel in form data as references; the submit effect sends the files.
export { keepPickedFile, pickedFile, forgetPickedFile, isPickedFileRef } from '../state/picked-files';
export { fileSizeProblem } from '../api/upload-limits';
export { resolvePincode, cachedPincode, PINCODE_LOOKUP, type PincodeResult, type PincodeLookup } from '../api/pincode';
export { useConfigLink } from './form/links';
export { format } from '../text/format';
