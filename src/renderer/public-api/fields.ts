// What widgets (widgets/*) may use from the renderer, by topic: this file is every widget's (types, and helpers for
// labels, errors, copy and pages); dialog.ts, files.ts and reference-data.ts only the widgets that need them, so a
// route loads only what its widgets use. Anything else in src/ is not theirs: an ESLint rule keeps widgets to this folder.
export type { StepFormData, StepRegistry, StepWidget, StepWidgetProps } from '../form/types';
export { errorsVisible } from '../form/touch';
export { formSubmitted, formText, pagerOf, type Pager } from '../form/form-context';
export { describedBy, fieldLabelId, groupLabelledBy, optionDescription, orderedOptions } from '../form/widget-helpers';
export type { ControlTexts } from '../../../core/engine/config-types';
export { useConfigLink, useControlTexts } from '../form/links';
export { format } from '../../text/format';
