import type { FormContextType, RJSFSchema, Registry, ValidatorType, Widget, WidgetProps } from '@rjsf/utils';

/** The payload of one step form: the shape its step-data schema describes. */
export type StepFormData = Record<string, unknown>;
export type StepValidatorType = ValidatorType<StepFormData, RJSFSchema, FormContextType>;
export type StepWidgetProps = WidgetProps<StepFormData, RJSFSchema, FormContextType>;
export type StepWidget = Widget<StepFormData, RJSFSchema, FormContextType>;
export type StepRegistry = Registry<StepFormData, RJSFSchema, FormContextType>;
