import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OpsContactDeclaration } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { OpsAlert } from './ops-alert';
import { stepTitle, when } from './ops-format';
import { useOpsSession } from './ops-session';
import { t, tOf } from './ops-texts';

/**
 * Contacts an application shares with another (issue 30: one mobile and one email per client, a family member's with a
 * declaration): the contact masked, whose it was declared to be, and the other application with its status.
 */
export function ContactDeclarations({ declarations, flow, withApplication }: { declarations: readonly OpsContactDeclaration[]; flow: FlowConfig; withApplication: boolean }) {
  return (
    <table className="ops-table ops-stack">
      <thead>
        <tr>
          {withApplication ? <th scope="col">{t('columnApplication')}</th> : null}
          <th scope="col">{t('columnContact')}</th>
          <th scope="col">{t('columnDeclaredAs')}</th>
          <th scope="col">{t('columnWhen')}</th>
          <th scope="col">{t('columnAlsoUsedBy')}</th>
        </tr>
      </thead>
      <tbody>
        {declarations.map((row) => (
          <tr key={`${row.applicationId}-${row.channel}-${row.declaredAt}`}>
            {withApplication ? (
              <td data-label={t('columnApplication')}>
                <Link to={`/ops/applications/${encodeURIComponent(row.applicationId)}`}>{row.phone}</Link>
              </td>
            ) : null}
            <td data-label={t('columnContact')}>{t('declaredContact', { channel: tOf('channel', row.channel), contact: row.destination })}</td>
            <td data-label={t('columnDeclaredAs')}>{row.relationLabel}</td>
            <td data-label={t('columnWhen')}>{when(row.declaredAt)}</td>
            <td data-label={t('columnAlsoUsedBy')}>
              <Link to={`/ops/applications/${encodeURIComponent(row.matches.applicationId)}`}>{row.matches.phone}</Link> ({stepTitle(flow, row.matches.status)})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The declarations of one application, under its contact details; nothing when it shares no contact. */
export function ApplicationDeclarations({ applicationId, flow }: { applicationId: string; flow: FlowConfig }) {
  const { client } = useOpsSession();
  const [declarations, setDeclarations] = useState<OpsContactDeclaration[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    client.get<{ declarations: OpsContactDeclaration[] }>(`/contact-declarations?applicationId=${encodeURIComponent(applicationId)}`).then(
      (found) => current && setDeclarations(found.declarations),
      (failure: Error) => current && setError(t('failed', { message: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [client, applicationId]);
  if (error) return <OpsAlert text={error} />;
  if (declarations.length === 0) return null;
  return (
    <>
      <h3>{t('declarationsTitle')}</h3>
      <ContactDeclarations declarations={declarations} flow={flow} withApplication={false} />
    </>
  );
}
