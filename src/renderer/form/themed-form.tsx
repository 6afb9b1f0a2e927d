import Form, { type FormProps } from '@rjsf/core';
import { useMemo, type Ref } from 'react';
import { englishStringTranslator, TranslatableString, type FormContextType, type RJSFSchema } from '@rjsf/utils';
import type { ControlTexts } from '../../../core/engine/config-types';
import { useConfig } from '../../config/config-context';
import { Spinner } from '../../ui/spinner';
import { answerValidator } from './answer-validator';
import { useFormWidgets } from '../widget-set';
import { placeErrors } from './errors';
import { defaultsBehaviour } from './form-data';
import { themeFields, themeTemplates, themeWidgets } from './theme';
import type { StepFormData } from './types';
import { useWidgetsReady } from './use-widgets-ready';

type Fixed = 'translateString' | 'templates' | 'fields' | 'widgets' | 'transformErrors' | 'showErrorList' | 'noHtml5Validate' | 'liveValidate' | 'experimental_defaultFormStateBehavior';
export type StepForm = Form<StepFormData, RJSFSchema, FormContextType>;
export type ThemedFormProps = Omit<FormProps<StepFormData, RJSFSchema, FormContextType>, Fixed> & { formRef?: Ref<StepForm> };

/**
 * rjsf's Form as every step form uses it: our antd templates and the widgets the app hands it, errors under their fields
 * (live, shown once touched), answers validated as they will be sent. Waits for its widgets' code first.
 */
export function ThemedForm({ formRef, ...props }: ThemedFormProps) {
  const formWidgets = useFormWidgets();
  const widgets = useMemo(() => ({ ...themeWidgets, ...formWidgets.widgets }), [formWidgets]);
  const ready = useWidgetsReady(props.uiSchema);
  const controls = useConfig().messages.controls;
  const translateString = useMemo(() => rjsfStrings(controls), [controls]);
  if (!ready) return <Spinner />;
  return (
    <Form<StepFormData, RJSFSchema, FormContextType>
      {...props}
      ref={formRef}
      validator={answerValidator(props.validator, props.schema)}
      templates={themeTemplates}
      fields={themeFields}
      widgets={widgets}
      transformErrors={placeErrors}
      showErrorList={false}
      noHtml5Validate
      liveValidate="onChange"
      experimental_defaultFormStateBehavior={defaultsBehaviour}
      translateString={translateString}
    />
  );
}

/**
 * rjsf's own words our forms show (a yes/no's answers) from config. The rest stay rjsf's English: our templates and
 * widgets show none of them (the Hindi golden journey's English-words check would find one).
 */
function rjsfStrings(controls: ControlTexts) {
  return (text: TranslatableString, params?: string[]): string => {
    if (text === TranslatableString.YesLabel) return controls.yes;
    if (text === TranslatableString.NoLabel) return controls.no;
    return englishStringTranslator(text, params);
  };
}
