import Form, { type FormProps } from '@rjsf/core';
import type { Ref } from 'react';
import type { FormContextType, RJSFSchema } from '@rjsf/utils';
import { widgets } from '../../../widgets/registry';
import { Spinner } from '../../ui/spinner';
import { answerValidator } from './answer-validator';
import { placeErrors } from './errors';
import { defaultsBehaviour } from './form-data';
import { themeTemplates, themeWidgets } from './theme';
import type { StepFormData } from './types';
import { useWidgetsReady } from './use-widgets-ready';

type Fixed = 'templates' | 'widgets' | 'transformErrors' | 'showErrorList' | 'noHtml5Validate' | 'liveValidate' | 'experimental_defaultFormStateBehavior';
export type StepForm = Form<StepFormData, RJSFSchema, FormContextType>;
export type ThemedFormProps = Omit<FormProps<StepFormData, RJSFSchema, FormContextType>, Fixed> & { formRef?: Ref<StepForm> };

const allWidgets = { ...themeWidgets, ...widgets };

/**
 * rjsf's Form as every step form uses it: our antd templates and registered widgets, errors under their fields
 * (live, shown once touched), answers validated as they will be sent. Waits for its widgets' code first.
 */
export function ThemedForm({ formRef, ...props }: ThemedFormProps) {
  const ready = useWidgetsReady(props.uiSchema);
  if (!ready) return <Spinner />;
  return (
    <Form<StepFormData, RJSFSchema, FormContextType>
      {...props}
      ref={formRef}
      validator={answerValidator(props.validator, props.schema)}
      templates={themeTemplates}
      widgets={allWidgets}
      transformErrors={placeErrors}
      showErrorList={false}
      noHtml5Validate
      liveValidate="onChange"
      experimental_defaultFormStateBehavior={defaultsBehaviour}
    />
  );
}
