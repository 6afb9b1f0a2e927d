// What widgets (widgets/*) may use from the renderer: types, and helpers for labels, errors, copy and pages.
// Anything else in src/renderer is its own business; an ESLint rule keeps widgets to this file.
export type { StepFormData, StepRegistry, StepWidget, StepWidgetProps } from './form/types';
export { errorsVisible } from './form/touch';
export { formText, pagerOf, type Pager } from './form/form-context';
export { describedBy, fieldLabelId, groupLabelledBy, optionDescription, orderedOptions } from './form/widget-helpers';
export { lazyWidget, type LazyWidget } from './form/lazy-widget';
