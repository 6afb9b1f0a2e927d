import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfig } from '../../config/config-context';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import { ConfigAlert } from '../../renderer/config-alert';
import { withoutHeading } from '../../renderer/form/copy';
import { recordAnswers } from '../../renderer/form/form-data';
import { SchemaForm, type StepUiSchema } from '../../renderer/form/schema-form';
import { userDetailsAtom } from '../../state/account';
import { continueRouteAtom } from '../../state/derived';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { FixBy, RejectedSteps } from '../rejected-steps';
import { DocumentForm } from './document-form';
import { documentSteps } from './document-steps';
import { firstRoute } from '../../engine/flow';
import { useEmbeddedFormOptions } from '../embedded-form';
import type { ScreenProps } from '../screen-props';
import { type ModificationOptions, readModificationOptions } from './options';
import '../status.css';
import './modification.css';

/**
 * /modification: re-enter rejected personal details, then re-upload rejected documents (schema forms from config);
 * other rejected steps are listed.
 */
export function Modification({ route, copy, options }: ScreenProps) {
  const { pages } = useConfig();
  const setup = useEmbeddedFormOptions(options, route, readModificationOptions);
  if (Array.isArray(setup)) return <ConfigAlert route={route} problems={setup} />;
  const labels = setup.rejectedLabelsFrom ? (pages[setup.rejectedLabelsFrom]?.copy ?? {}) : {};
  const rejectedLabels = Object.fromEntries(Object.entries(labels).filter(([key]) => key.startsWith('rejected.')));
  return <ModificationView route={route} options={setup} copy={{ ...rejectedLabels, ...copy }} />;
}

function ModificationView({ route, options, copy }: { route: string; options: ModificationOptions; copy: Record<string, string> }) {
  const user = useAtomValue(userDetailsAtom);
  const target = useAtomValue(continueRouteAtom);
  const navigate = useNavigate();
  const { flow } = useConfig();
  const { form, detailsStep } = options;
  const { run, loading } = useSubmitEffect({ effect: form.effect, where: `page ${route}`, copy, next: form.next });
  const formCopy = useMemo(() => withoutHeading(copy), [copy]);
  if (!user) return <Spinner />;

  const rejected = Object.keys(user.rejectedSteps);
  const others = rejected.filter((step) => step !== detailsStep);
  const fixDetails = rejected.includes(detailsStep);
  // Personal details first, then the documents (spec section 4), each a step flow.json lets the re-upload route fix.
  const documents = rejected.filter((step) => documentSteps(flow).includes(step));
  const other = rejected.find((step) => step !== detailsStep && !documents.includes(step));
  const rejectedRoute = other ? firstRoute(flow, other) : undefined;

  return (
    <div className="screen modification">
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, rejected.length ? 'subtitle' : 'doneSubtitle')} />
      {rejected.length > 0 ? <FixBy copy={copy} user={user} /> : null}
      {others.length > 0 ? (
        <div className="mod-banner" role="status">
          <strong>{text(copy, 'banner')}</strong>
          <span>{text(copy, 'bannerText', { count: others.length })}</span>
        </div>
      ) : null}
      {fixDetails ? (
        <section className="mod-section" aria-labelledby="mod-details-title">
          <h2 id="mod-details-title" className="mod-section-title">
            {text(copy, 'detailsTitle')}
          </h2>
          <p className="mod-section-note">{copy[`rejected.${detailsStep}`] ?? text(copy, 'detailsSubtitle')}</p>
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
        <section className="mod-section" aria-labelledby="mod-documents-title">
          <h2 id="mod-documents-title" className="mod-section-title">
            {text(copy, 'documentsTitle')}
          </h2>
          <RejectedSteps copy={copy} user={user} deadline={false} />
          {documents.map((step) => (
            <DocumentForm key={step} step={step} route={route} form={options.documentForm} copy={formCopy} />
          ))}
          <Button type="primary" size="large" block onClick={() => void navigate(target === route ? flow.routes.refresh : target)}>
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
        <Button type="primary" size="large" block onClick={() => void navigate(target === route ? flow.routes.refresh : target)}>
          {text(copy, 'continue')}
        </Button>
      )}
    </div>
  );
}
