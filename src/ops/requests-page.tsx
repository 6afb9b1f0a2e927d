import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OpsContactDeclaration, OpsHelpRequest } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { useConfig } from '../config/config-context';
import { ContactDeclarations } from './contact-declarations';
import { OpsAlert } from './ops-alert';
import { stepTitle, when } from './ops-format';
import { useOpsSession } from './ops-session';
import { t } from './ops-texts';

interface Loaded {
  requests: OpsHelpRequest[];
  declarations: OpsContactDeclaration[];
}

/**
 * /ops/requests (issue 30): who asked for a person's help (whom to call, when, from which page and step, in which
 * language), and the applications that share a contact with another, with whose it was declared to be.
 */
export function RequestsPage() {
  const { client } = useOpsSession();
  const { flow } = useConfig();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([client.get<{ requests: OpsHelpRequest[] }>('/help-requests'), client.get<{ declarations: OpsContactDeclaration[] }>('/contact-declarations')]).then(
      ([help, declared]) => current && setLoaded({ requests: help.requests, declarations: declared.declarations }),
      (failure: Error) => current && setError(t('failed', { message: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [client]);

  return (
    <section aria-labelledby="requests-title">
      <h1 id="requests-title" tabIndex={-1}>
        {t('requestsTitle')}
      </h1>
      <OpsAlert text={error} />
      {loaded === null && !error ? <p role="status">{t('loading')}</p> : null}
      {loaded ? (
        <>
          <section aria-labelledby="help-requests-title">
            <h2 id="help-requests-title">{t('helpRequestsTitle')}</h2>
            <p>{t('helpRequestsHint')}</p>
            {loaded.requests.length === 0 ? <p>{t('noHelpRequests')}</p> : <HelpRequests requests={loaded.requests} flow={flow} />}
          </section>
          <section aria-labelledby="declarations-title">
            <h2 id="declarations-title">{t('declarationsTitle')}</h2>
            <p>{t('declarationsHint')}</p>
            {loaded.declarations.length === 0 ? <p>{t('noDeclarations')}</p> : <ContactDeclarations declarations={loaded.declarations} flow={flow} withApplication />}
          </section>
        </>
      ) : null}
    </section>
  );
}

/** Each request: when, whom to call and when, the step it was asked from, the language, the note, the application. */
function HelpRequests({ requests, flow }: { requests: readonly OpsHelpRequest[]; flow: FlowConfig }) {
  return (
    <table className="ops-table ops-stack">
      <thead>
        <tr>
          <th scope="col">{t('columnWhen')}</th>
          <th scope="col">{t('columnPhone')}</th>
          <th scope="col">{t('columnCallAt')}</th>
          <th scope="col">{t('columnAskedFrom')}</th>
          <th scope="col">{t('columnLanguage')}</th>
          <th scope="col">{t('columnMessage')}</th>
          <th scope="col">{t('columnApplication')}</th>
        </tr>
      </thead>
      <tbody>
        {requests.map((request) => (
          <tr key={request.id}>
            <td data-label={t('columnWhen')}>{when(request.requestedAt)}</td>
            <td data-label={t('columnPhone')}>{request.phone}</td>
            <td data-label={t('columnCallAt')}>{request.contactTimeLabel}</td>
            <td data-label={t('columnAskedFrom')}>{stepTitle(flow, request.step)}</td>
            <td data-label={t('columnLanguage')}>{request.languageName}</td>
            <td data-label={t('columnMessage')}>{request.message ?? '–'}</td>
            <td data-label={t('columnApplication')}>
              {request.applicationId ? <Link to={`/ops/applications/${encodeURIComponent(request.applicationId)}`}>{t('openApplication')}</Link> : t('notSignedIn')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
