import type { FormContextType, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { getSubmitButtonOptions, getUiOptions } from '@rjsf/utils';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { formLayout } from '../../../core/engine/form-layout';
import { answerValidator } from './answer-validator';
import { withListLabels } from './list-labels';
import { applyCopy, type FormCopy } from './copy';
import { fitToSchema, only, trimAnswers } from './form-data';
import { withoutHiddenAnswers } from './hidden-answers';
import { onboardContext, type TouchState } from './form-context';
import { SubmitButton } from './templates/submit-button';
import { isTextField } from './enter-key';
import { ThemedForm, type StepForm } from './themed-form';
import type { StepFormData } from './types';
import type { StepValidator } from './validators';
import { useStepValidator } from './validators-context';
import { Spinner } from '../../ui/spinner';
import './schema-form.css';

export type StepUiSchema = UiSchema<StepFormData, RJSFSchema, FormContextType>;

export interface SchemaFormProps {
  /** Base name of schemas/step-data/<id>.schema.json. */
  schemaId: string;
  /**
   * From flow-config. Root `ui:options.disableSubmitWhenInvalid: true` keeps submit disabled until valid; a
   * single page in root `ui:options.pages` shows (and sends) only its fields, in its order.
   */
  uiSchema?: StepUiSchema;
  /** Initial data, e.g. the user record: fitted to the schema (see fitToSchema). Give a new `key` to start over. */
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
  /** Prefix of the fields' ids ('root' by default): distinct per form when a page shows several. */
  idPrefix?: string;
}

const NO_COPY: FormCopy = {};
const NO_UI: StepUiSchema = {};

/** A step form on one page: schema and precompiled validator by id, our antd templates, inline errors, copy from config. */
export function SchemaForm(props: SchemaFormProps) {
  const loaded = useStepValidator(props.schemaId);
  return loaded ? <LoadedSchemaForm {...props} {...loaded} /> : <Spinner />;
}

function LoadedSchemaForm(props: SchemaFormProps & StepValidator) {
  const { uiSchema = NO_UI, copy = NO_COPY, onSubmit, disabled = false, submitLabel, onInvalid, actions, idPrefix, schema, validator } = props;
  const fields = useMemo(() => formLayout(uiSchema).pages?.[0]?.fields, [uiSchema]);
  const [initial] = useState(() => fitToSchema(props.formData ?? {}, schema, fields));
  const [data, setData] = useState<StepFormData>(initial);
  const [touch, setTouch] = useState<TouchState>({ touched: [], submitted: false });
  const formContext = useMemo(() => onboardContext({ touch, copy, ...(fields ? { fields } : {}) }), [touch, copy, fields]);
  const valid = useMemo(() => answerValidator(validator, schema).validateFormData(data, schema).errors.length === 0, [validator, data, schema]);

  const form = useRef<StepForm>(null);
  const blockInvalid = getUiOptions(uiSchema).disableSubmitWhenInvalid === true;
  const ui = useMemo(() => {
    const withCopy = applyCopy(withListLabels(schema, uiSchema), copy);
    const options = getSubmitButtonOptions(withCopy);
    return {
      ...withCopy,
      'ui:submitButtonOptions': {
        ...options,
        submitText: submitLabel ?? copy.submit ?? options.submitText,
        props: { ...options.props, disabled: disabled || (blockInvalid && !valid) },
      },
    };
  }, [schema, uiSchema, copy, submitLabel, disabled, valid, blockInvalid]);

  const markSubmitted = (): void => setTouch((t) => (t.submitted ? t : { ...t, submitted: true }));
  // The fields wrong at this submit (their ids, as rjsf builds them), and the objects holding them.
  const flag = (errors: readonly RJSFValidationError[]): void =>
    setTouch((t) => ({ ...t, submitted: true, flagged: [...new Set([...(t.flagged ?? []), ...errors.flatMap((e) => fieldIds(idPrefix ?? 'root', e.property))])] }));
  return (
    // A submit button disabled until the form is valid also blocks the browser's submit on Enter: Enter then
    // submits through rjsf anyway, which shows every error and focuses the first invalid field (WCAG 3.3.1).
    <div
      className="onboard-form"
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !blockInvalid || valid || disabled || !isTextField(event.target)) return;
        event.preventDefault();
        form.current?.submit();
      }}
    >
      {copy.title ? <h2 className="onboard-form-title">{copy.title}</h2> : null}
      {copy.subtitle ? <p className="onboard-form-subtitle">{copy.subtitle}</p> : null}
      <ThemedForm
        formRef={form}
        schema={schema}
        validator={validator}
        uiSchema={ui}
        initialFormData={initial}
        formContext={formContext}
        {...(idPrefix ? { idPrefix } : {})}
        disabled={disabled}
        omitExtraData
        focusOnFirstError={focusFirstError(idPrefix ?? 'root')}
        onChange={(event) => setData(event.formData ?? {})}
        onBlur={(id) => setTouch((t) => (t.touched.includes(id) ? t : { ...t, touched: [...t.touched, id] }))}
        onError={(errors) => {
          flag(errors);
          onInvalid?.();
        }}
        onSubmit={(event) => {
          markSubmitted();
          onSubmit(withoutHiddenAnswers(only(trimAnswers(event.formData ?? {}), fields), schema, validator));
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
      </ThemedForm>
    </div>
  );
}

/**
 * Focus on the first error's field, and bring it into view. A field just unfolded for its error (a folded nominee)
 * or shown for it renders after the submit, so a field not focusable now is tried again on the next frame.
 */
function focusFirstError(prefix: string): (error: RJSFValidationError) => void {
  const focus = (id: string): boolean => {
    const field = document.getElementById(id) ?? document.querySelector<HTMLElement>(`input[id^="${id}"], button[id^="${id}"]`);
    if (!field) return false;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
    return document.activeElement === field;
  };
  return (error) => {
    const id = fieldIds(prefix, error.property).at(-2) ?? prefix;
    if (!focus(id)) requestAnimationFrame(() => focus(id));
  };
}

/** '.nominees.1.firstName' → root_nominees_1_firstName and its containers (root_nominees_1, root_nominees, root). */
export function fieldIds(prefix: string, property: string | undefined): string[] {
  const parts = (property ?? '').split(/[.[\]]/).filter(Boolean);
  return parts.map((_, index) => [prefix, ...parts.slice(0, index + 1)].join('_')).concat(prefix);
}
