import Form from '@rjsf/core';
import type { FormContextType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { getSubmitButtonOptions, getUiOptions } from '@rjsf/utils';
import { useMemo, useState, type ReactNode } from 'react';
import { widgets } from '../../../widgets/registry';
import { applyCopy, type FormCopy } from './copy';
import { placeErrors } from './errors';
import { SubmitButton } from './templates/submit-button';
import { themeTemplates, themeWidgets } from './theme';
import { touchContext, type TouchState } from './touch';
import type { StepFormData } from './types';
import { useStepValidators } from './validators-context';
import './schema-form.css';

export type StepUiSchema = UiSchema<StepFormData, RJSFSchema, FormContextType>;

export interface SchemaFormProps {
  /** Base name of schemas/step-data/<id>.schema.json. */
  schemaId: string;
  /** From flow-config. Root `ui:options.disableSubmitWhenInvalid: true` keeps submit disabled until valid. */
  uiSchema?: StepUiSchema;
  /** Initial data (the form is uncontrolled: give it a new `key` to start over). */
  formData?: StepFormData;
  copy?: FormCopy;
  onSubmit: (formData: StepFormData) => void;
  disabled?: boolean;
  /** Wins over `copy.submit` and `ui:submitButtonOptions.submitText`. */
  submitLabel?: string;
  /** A submit found errors (the first error's field is focused and scrolled to). */
  onInvalid?: () => void;
  /** Other actions, placed before the submit button (e.g. Skip). */
  actions?: ReactNode;
}

const allWidgets = { ...themeWidgets, ...widgets };
const NO_COPY: FormCopy = {};
const NO_UI: StepUiSchema = {};
const unansweredStaysUnanswered = { constAsDefaults: 'skipOneOf', requiredBooleanDefault: 'skip' } as const;

/** A step form: schema and precompiled validator by id, our antd templates, inline errors, copy from config. */
export function SchemaForm(props: SchemaFormProps) {
  const { schemaId, uiSchema = NO_UI, copy = NO_COPY, onSubmit, disabled = false, submitLabel, onInvalid, actions } = props;
  const { schema, validator } = useStepValidators().get(schemaId);
  const [initial] = useState(() => knownFields(props.formData ?? {}, schema));
  const [data, setData] = useState<StepFormData>(initial);
  const [touch, setTouch] = useState<TouchState>({ touched: [], submitted: false });
  const formContext = useMemo(() => touchContext(touch), [touch]);
  const valid = useMemo(() => validator.validateFormData(data, schema).errors.length === 0, [validator, data, schema]);

  const ui = useMemo(() => {
    const withCopy = applyCopy(uiSchema, copy);
    const options = getSubmitButtonOptions(withCopy);
    const blockInvalid = getUiOptions(withCopy).disableSubmitWhenInvalid === true;
    return {
      ...withCopy,
      'ui:submitButtonOptions': {
        ...options,
        submitText: submitLabel ?? copy.submit ?? options.submitText,
        props: { ...options.props, disabled: disabled || (blockInvalid && !valid) },
      },
    };
  }, [uiSchema, copy, submitLabel, disabled, valid]);

  const markSubmitted = (): void => setTouch((t) => (t.submitted ? t : { ...t, submitted: true }));
  return (
    <div className="onboard-form">
      {copy.title ? <h2 className="onboard-form-title">{copy.title}</h2> : null}
      {copy.subtitle ? <p className="onboard-form-subtitle">{copy.subtitle}</p> : null}
      <Form<StepFormData, RJSFSchema, FormContextType>
        schema={schema}
        validator={validator}
        uiSchema={ui}
        initialFormData={initial}
        formContext={formContext}
        templates={themeTemplates}
        widgets={allWidgets}
        disabled={disabled}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        // Nothing answers itself: not a list written as oneOf consts (its first option), not a yes/no (false).
        experimental_defaultFormStateBehavior={unansweredStaysUnanswered}
        omitExtraData
        focusOnFirstError
        transformErrors={placeErrors}
        onChange={(event) => setData(event.formData ?? {})}
        onBlur={(id) => setTouch((t) => (t.touched.includes(id) ? t : { ...t, touched: [...t.touched, id] }))}
        onError={() => {
          markSubmitted();
          onInvalid?.();
        }}
        onSubmit={(event) => {
          markSubmitted();
          onSubmit(event.formData ?? {});
        }}
      >
        {copy.consent ? <p className="onboard-form-consent">{copy.consent}</p> : null}
        {actions ? (
          <div className="onboard-form-actions">
            {actions}
            <SubmitButton uiSchema={ui} />
          </div>
        ) : (
          <SubmitButton uiSchema={ui} />
        )}
      </Form>
    </div>
  );
}

/** With `additionalProperties: false`, keys the schema does not know (say, the whole user record) are dropped. */
function knownFields(formData: StepFormData, schema: RJSFSchema): StepFormData {
  if (schema.additionalProperties !== false || !schema.properties) return formData;
  const known = schema.properties;
  return Object.fromEntries(Object.entries(formData).filter(([key]) => key in known));
}
