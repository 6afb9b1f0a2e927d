import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UserDetails } from '../../../core/api/types';
import { useConfig } from '../../config/config-context';
import { isFormPage, type PageConfig } from '../../../core/engine/config-types';
import { firstRoute } from '../../../core/engine/flow';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import { ConfigAlert } from '../../renderer/config-alert';
import { withoutHeading } from '../../renderer/form/copy';
import { recordAnswers } from '../../renderer/form/form-data';
import { SchemaForm, type StepUiSchema } from '../../renderer/form/schema-form';
import { userDetailsAtom } from '../../state/account';
import { continueRouteAtom } from '../../state/derived';
import { text } from '../../text/format';
import { FormAlert } from '../../ui/form-alert';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { FixBy, RejectedSteps } from '../rejected-steps';
import { DocumentForm } from './document-form';
import { documentSteps } from './document-steps';
import { useEmbeddedFormOptions } from '../embedded-form';
import type { ScreenProps } from '../screen-props';
import { type ModificationOptions, readModificationOptions } from './options';
import '../status.css';
import './modification.css';

/**
 * /modification: re-enter rejected personal details, then re-upload rejected documents (schema forms from config),
 * each beside the back office's reason; other rejected steps are listed.
 */
export function Modification({ route, copy, options }: ScreenProps) {
  const { pages } = useConfig();
  const setup = useEmbeddedFormOptions(options, route, readModificationOptions);
  if (Array.isArray(setup)) return <ConfigAlert route={route} problems={setup} />;
  const labels = setup.rejectedLabelsFrom ? (pages[setup.rejectedLabelsFrom]?.copy ?? {}) : {};
  const rejectedLabels = Object.fromEntries(Object.entries(labels).filter(([key]) => key.startsWith('rejected.')));
  return <ModificationView route={route} options={setup} copy={{ ...rejectedLabels, ...copy }} />;
}

/** The uiSchema of a field of a form page, for a document asked as on that page (`documentFieldsFrom`). */
function fieldUiOf(page: PageConfig | undefined, field: string): Record<string, unknown> | undefined {
  const ui = page && isFormPage(page) ? page.form.uiSchema?.[field] : undefined;
  return ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : undefined;
}

const reasonOf = (user: UserDetails, step: string): string | undefined => user.rejectedSteps[step]?.reason || undefined;

function ModificationView({ route, options, copy }: { route: string; options: ModificationOptions; copy: Record<string, string> }) {
  const user = useAtomValue(userDetailsAtom);
  const target = useAtomValue(continueRouteAtom);
  const navigate = useNavigate();
  const { flow, pages } = useConfig();
  const { form, detailsStep } = options;
  const { run, loading } = useSubmitEffect({ effect: form.effect, where: `page ${route}`, copy, next: form.next });
  const formCopy = useMemo(() => withoutHeading(copy), [copy]);
  const rejected = Object.keys(user?.rejectedSteps ?? {});
  // Personal details first, then the documents (spec section 4), each a step flow.json lets the re-upload route fix.
  const documents = rejected.filter((step) => documentSteps(flow).includes(step));
  // What this visit has sent again: the documents rejected when the page opened that are no longer.
  const [openedWith] = useState(documents);
  const uploaded = openedWith.filter((step) => !documents.includes(step));
  const [missing, setMissing] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  if (!user) return <Spinner />;

  const fixDetails = rejected.includes(detailsStep);
  const other = rejected.find((step) => step !== detailsStep && !documents.includes(step));
  const rejectedRoute = other ? firstRoute(flow, other) : undefined;
  const onward = () => void navigate(target === route ? flow.routes.refresh : target);
  const done = () => {
    if (documents.length === 0) return onward();
    // Done with documents still to send says which, and takes the applicant to the first.
    setMissing(true);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('.mod-document button:not(:disabled)')?.focus());
  };
  const names = (steps: readonly string[]) => steps.map((step) => text(copy, `upload.${step}`)).join(', ');

  return (
    <div className="screen modification">
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, rejected.length ? 'subtitle' : 'doneSubtitle')} />
      {rejected.length > 0 ? <FixBy copy={copy} user={user} /> : null}
      {documents.length > 0 ? (
        // The banner heads the documents part (one heading, not a second one under it), only while some are left.
        <div className="mod-banner" role="status">
          <h2 className="mod-banner-title">{text(copy, 'banner')}</h2>
          <span>{text(copy, 'bannerText', { count: documents.length })}</span>
        </div>
      ) : null}
      {uploaded.length > 0 ? (
        <p className="mod-uploaded" role="status">
          <span aria-hidden="true">✓ </span>
          {text(copy, 'uploadedTitle')}: {names(uploaded)}
        </p>
      ) : null}
      {fixDetails ? (
        <section className="mod-section" aria-labelledby="mod-details-title">
          <h2 id="mod-details-title" className="mod-section-title">
            {text(copy, 'detailsTitle')}
          </h2>
          <p className="mod-section-note">{copy[`rejected.${detailsStep}`] ?? text(copy, 'detailsSubtitle')}</p>
          {reasonOf(user, detailsStep) ? <p className="reason-note">{text(copy, 'reason', { reason: reasonOf(user, detailsStep)! })}</p> : null}
          <SchemaForm
            schemaId={form.schema}
            uiSchema={form.uiSchema as StepUiSchema | undefined}
            copy={formCopy}
            formData={recordAnswers(user)}
            disabled={loading}
            onSubmit={(data) => void run(data)}
          />
        </section>
      ) : documents.length > 0 ? (
        <section className="mod-section" aria-label={text(copy, 'banner')}>
          {/* What to fix, with the back office's reasons, then a form per document. */}
          <RejectedSteps copy={copy} user={user} deadline={false} />
          <div className="mod-documents" ref={list}>
            {documents.map((step) => {
              const from = options.documentFieldsFrom?.[step];
              return (
                <DocumentForm
                  key={step}
                  step={step}
                  route={route}
                  form={options.documentForm}
                  copy={formCopy}
                  fieldUi={from ? fieldUiOf(pages[from.route], from.field) : undefined}
                />
              );
            })}
          </div>
          {missing ? <FormAlert>{text(copy, 'doneMissing', { documents: names(documents) })}</FormAlert> : null}
          {/* Not a second primary beside each document's Upload: it only says what is left (the page moves on by itself after the last). */}
          <Button size="large" block onClick={done}>
            {text(copy, 'done')}
          </Button>
        </section>
      ) : rejected.length > 0 ? (
        // Rejected steps with screens of their own (the selfie): Continue takes the applicant there.
        <>
          <RejectedSteps copy={copy} user={user} deadline={false} />
          <Button type="primary" size="large" block onClick={() => void navigate(rejectedRoute ?? target)}>
            {text(copy, 'continue')}
          </Button>
        </>
      ) : (
        // Still sent here with nothing rejected: /refresh asks the server where the applicant stands now.
        <Button type="primary" size="large" block onClick={onward}>
          {text(copy, 'continue')}
        </Button>
      )}
    </div>
  );
}
