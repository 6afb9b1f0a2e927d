import { Button } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import type { FormPageSpec, RuleDialogSpec } from '../../../core/engine/form-layout';
import { text } from '../../text/format';
import { focusHeading } from '../../ui/heading-focus';
import { ProgressBar } from '../../ui/progress-bar';
import { useToast } from '../../ui/toast';
import { applyCopy, type FormCopy } from './copy';
import { isTextField } from './enter-key';
import { withListLabels } from './list-labels';
import { onboardContext } from './form-context';
import { pageReady, tooShortErrors } from './page-rules';
import type { StepUiSchema } from './schema-form';
import { ThemedForm } from './themed-form';
import type { StepFormData } from './types';
import { usePageFlow } from './use-page-flow';
import type { StepValidator } from './validators';
import { useStepValidator } from './validators-context';
import { Spinner } from '../../ui/spinner';
import './paged-form.css';

// Only a broken rule opens it: the modal's code loads then, not with every paged form.
const RuleDialog = lazy(() => import('./rule-dialog').then((m) => ({ default: m.RuleDialog })));

export interface PagedFormProps {
  schemaId: string;
  uiSchema: StepUiSchema;
  pages: readonly FormPageSpec[];
  dialogs: readonly RuleDialogSpec[];
  /** Keys: `heading` (above the progress), `progress` ('Question {step} of {total}'), `back`, `next`, and field copy. */
  copy: FormCopy;
  initial: StepFormData;
  /** Where the progress is kept between visits. */
  storageKey: string;
  busy: boolean;
  onSubmit: (data: StepFormData) => void;
}

const titleId = 'paged-form-title';

/**
 * One rjsf form over the whole schema, shown a page at a time: the page's heading and questions, Back, a
 * progress bar, Next. Next checks the whole answers with the step's validator but stops only for the page's
 * own errors (or a rule dialog); on the last page it submits, or goes to the page of an error left elsewhere.
 */
export function PagedForm(props: PagedFormProps) {
  const loaded = useStepValidator(props.schemaId);
  return loaded ? <LoadedPagedForm {...props} {...loaded} /> : <Spinner />;
}

function LoadedPagedForm({ uiSchema, pages, dialogs, copy, initial, storageKey, busy, onSubmit, schema, validator }: PagedFormProps & StepValidator) {
  const toast = useToast();
  const flow = usePageFlow({ pages, dialogs, schema, validator, initial, storageKey });
  const { page: index, data } = flow.progress;
  const page = pages[index] ?? pages[0]!;
  const ui = useMemo(() => applyCopy(withListLabels(schema, uiSchema), copy), [schema, uiSchema, copy]);
  const formContext = onboardContext({ touch: flow.touch, copy, fields: page.fields, pager: { titleId, chosen: flow.chosen } });
  const ready = pageReady(page, schema, data);
  const body = useRef<HTMLFormElement>(null);
  // Enter while Next waits: the reasons show and the first field with one takes focus.
  const reveal = () => {
    flow.reveal();
    requestAnimationFrame(() => body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const count = text(copy, 'progress', { step: index + 1, total: pages.length });
  // The next question's heading takes focus (the option chosen, or Next, stays behind on the page before).
  const title = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(index);
  useEffect(() => {
    if (shownPage.current === index) return;
    shownPage.current = index;
    focusHeading(title.current);
  }, [index]);

  const next = () => {
    const outcome = flow.next();
    if (outcome.kind === 'invalid') toast.error(outcome.message);
    if (outcome.kind === 'submit') onSubmit(outcome.data);
  };

  return (
    <div className="screen paged-form">
      <div className="paged-form-top">
        <Button type="link" className="paged-form-back" onClick={flow.back} disabled={index === 0 || busy}>
          {text(copy, 'back')}
        </Button>
        <span className="paged-form-heading">{copy.heading}</span>
        <span className="paged-form-count">{count}</span>
      </div>
      <ProgressBar percent={Math.round(((index + 1) / pages.length) * 100)} label={count} />
      <header className="screen-header">
        <h1 id={titleId} ref={title}>
          {page.title}
        </h1>
        {page.subtitle ? <p>{page.subtitle}</p> : null}
      </header>
      <form
        ref={body}
        className="onboard-form paged-form-body"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          if (ready) next();
          else reveal();
        }}
        // A disabled Next blocks the browser's own submit on Enter: say why instead.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !ready && !busy && isTextField(event.target)) {
            event.preventDefault();
            reveal();
          }
        }}
      >
        <ThemedForm
          tagName="div"
          schema={schema}
          validator={validator}
          uiSchema={ui}
          formData={data}
          formContext={formContext}
          extraErrors={tooShortErrors(page, data)}
          disabled={busy}
          onChange={(event) => flow.change(event.formData ?? {})}
          onBlur={flow.blurred}
        >
          <Button type="primary" htmlType="submit" size="large" block className="paged-form-next" disabled={!ready || busy} loading={busy}>
            {text(copy, 'next')}
          </Button>
        </ThemedForm>
      </form>
      {flow.dialog ? (
        <Suspense fallback={null}>
          <RuleDialog broken={flow.dialog} onReselect={() => flow.reselect(flow.dialog!)} onRemove={() => flow.remove(flow.dialog!)} />
        </Suspense>
      ) : null}
    </div>
  );
}
