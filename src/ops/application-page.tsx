import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { OpsApplication, OpsApplicationResponse, OpsDocument, OpsStepAnswers } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { useConfig } from '../config/config-context';
import { ApplicationDeclarations } from './contact-declarations';
import { AnswersList, NameMatches, documentsShownInAnswers } from './answers-list';
import { AuditTable } from './audit-table';
import { DecisionPanel } from './decision-panel';
import { DocumentCacheProvider, DocumentImage, DocumentView } from './document-view';
import { DeclarationsOnRecord } from './declarations-on-record';
import { IncomeSummaryView } from './income-summary';
import { stepTitle, when } from './ops-format';
import { useOpsSession } from './ops-session';
import { t } from './ops-texts';
import { OpsAlert } from './ops-alert';

/** The newest current document of a kind (one an answer still names), else the newest of it. */
function latest(documents: OpsDocument[], kind: string): OpsDocument | undefined {
  const ofKind = documents.filter((document) => document.kind === kind);
  return ofKind.filter((document) => document.step !== null).at(-1) ?? ofKind.at(-1);
}

/** The answers with a section for `step` (in flow order) even when it has no answers of its own. */
function withStep(flow: FlowConfig, answers: OpsStepAnswers[], step: string): OpsStepAnswers[] {
  if (answers.some((entry) => entry.step === step)) return answers;
  const order = flow.steps.map((item) => item.id);
  const entry = { step, title: stepTitle(flow, step), answers: [] };
  return [...answers, entry].sort((a, b) => order.indexOf(a.step) - order.indexOf(b.step));
}

/** One application: face check, decisions, documents, answers, name match and audit trail. */
export function ApplicationPage() {
  const { id = '' } = useParams();
  const { client } = useOpsSession();
  const { flow } = useConfig();
  const [application, setApplication] = useState<OpsApplication | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setApplication((await client.get<OpsApplicationResponse>(`/applications/${encodeURIComponent(id)}`)).application);
    } catch (failure) {
      setError(t('failed', { message: (failure as Error).message }));
    }
  }, [client, id]);
  useEffect(() => void load(), [load]);

  if (!application) {
    return (
      <section>
        <h1 tabIndex={-1}>{t('loading')}</h1>
        <OpsAlert text={error} />
      </section>
    );
  }
  const { user, documents } = application;
  const rejected = Object.keys(user.rejectedSteps ?? {}).map((step) => stepTitle(flow, step));
  const selfie = latest(documents, 'selfie_image');
  const pan = latest(documents, 'pan_image');
  const { incomeSummary } = application;
  const answers = incomeSummary ? withStep(flow, application.answers, incomeSummary.step) : application.answers;
  const inAnswers = documentsShownInAnswers(answers, documents);
  const others = documents.filter((document) => document !== selfie && document !== pan && !inAnswers.has(document.id));
  const changed = answers.filter((step) => step.changedAt).map((step) => step.title);
  const newDocuments = documents.filter((document) => document.newSinceReview).map((document) => document.label);
  const changes = [...changed, ...newDocuments];
  const besides = incomeSummary ? { [incomeSummary.step]: <IncomeSummaryView summary={incomeSummary} /> } : {};

  return (
    <DocumentCacheProvider client={client}>
      <article className="ops-application">
        <Link to="/ops">{t('backToQueue')}</Link>
        <h1 tabIndex={-1}>{t('applicationTitle', { name: user.name ?? t('noName') })}</h1>
        <p className="ops-status">{t('statusNow', { status: stepTitle(flow, user.nextStep) })}</p>
        {rejected.length > 0 ? <p className="ops-status">{t('rejectedNow', { steps: rejected.join(', ') })}</p> : null}
        {application.lastReviewAt ? (
          <p className={changes.length > 0 ? 'ops-status ops-changes' : 'ops-status'}>
            {changes.length > 0
              ? t('changesSinceReview', { at: when(application.lastReviewAt), steps: changes.join(', ') })
              : t('unchangedSinceReview', { at: when(application.lastReviewAt) })}
          </p>
        ) : null}
        <a className="ops-jump" href="#decision-title">
          {t('jumpToDecision')}
        </a>
        <div className="ops-columns">
          <div className="ops-column-main">
            <section aria-labelledby="contact-title" className="ops-answers">
              <h2 id="contact-title">{t('contactTitle')}</h2>
              <dl>
                <div>
                  <dt>{t('contactPhone')}</dt>
                  <dd>{user.phone}</dd>
                </div>
                <div>
                  <dt>{t('contactEmail')}</dt>
                  <dd>{user.email ?? '–'}</dd>
                </div>
              </dl>
              <ApplicationDeclarations applicationId={id} flow={flow} />
            </section>
            <section aria-labelledby="face-title">
              <h2 id="face-title">{t('faceCheckTitle')}</h2>
              <div className="ops-face">
                {selfie ? <DocumentImage document={selfie} /> : <p className="ops-missing">{t('noSelfie')}</p>}
                {pan ? <DocumentImage document={pan} /> : <p className="ops-missing">{t('noPanImage')}</p>}
              </div>
            </section>
            <section aria-labelledby="documents-title">
              <h2 id="documents-title">{t('documentsTitle')}</h2>
              {others.length === 0 ? <p>{t('noDocuments')}</p> : null}
              <div className="ops-documents">
                {others.map((document) => (
                  <DocumentView key={document.id} document={document} />
                ))}
              </div>
            </section>
            <NameMatches panName={user.name ?? null} matches={application.nameMatches} />
            <AnswersList answers={answers} documents={documents} besides={besides} />
            <DeclarationsOnRecord declarations={application.declarations} flow={flow} />
            <AuditTable entries={application.audit} documents={documents} />
          </div>
          <DecisionPanel application={application} onChanged={load} />
        </div>
      </article>
    </DocumentCacheProvider>
  );
}
