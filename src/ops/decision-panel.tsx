import { useState } from 'react';
import type { OpsActionResponse, OpsApplication } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { mayDo } from '../../core/engine/ops-roles';
import { reviewActions } from '../../core/engine/review';
import { OpsError } from './ops-client';
import { useOpsSession } from './ops-session';
import { t, tOf } from './ops-texts';
import { RejectForm } from './reject-form';
import { stepTitle } from './ops-format';
import type { FlowConfig } from '../../core/engine/flow-types';

/** What a decision did, in the console's words: the steps sent back and the status now, by their titles. */
function doneText(flow: FlowConfig, action: string, answer: OpsActionResponse): string {
  const status = stepTitle(flow, answer.nextStep);
  if (action === 'reject') return t('decisionDoneReject', { steps: Object.keys(answer.rejectedSteps).map((step) => stepTitle(flow, step)).join(', '), status });
  return t('decisionDone', { what: tOf('audit', action), status });
}

type Notice = { kind: 'done' | 'conflict' | 'error'; text: string };

/**
 * The decisions the applicant's status allows (flow.json `review`), for roles that decide; an auditor sees none.
 * After any answer the page reloads the application, so a conflict shows what the other reviewer did.
 */
export function DecisionPanel({ application, onChanged }: { application: OpsApplication; onChanged: () => Promise<void> }) {
  const { client, me } = useOpsSession();
  const { flow } = useConfig();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const status = application.user.nextStep ?? '';
  const path = `/applications/${encodeURIComponent(application.user.id)}`;
  const allowed = reviewActions.filter((action) => flow.review.decisions[action].from.includes(status));
  const rekyc = flow.review.rekyc.from.includes(status);

  const act = async (url: string, body: unknown, action: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await client.post<OpsActionResponse>(url, body);
      setNotice({ kind: 'done', text: [doneText(flow, action, answer), answer.emailSent ? '' : t('emailNotSent')].filter(Boolean).join(' ') });
      setRejecting(false);
    } catch (failure) {
      const message = (failure as Error).message;
      setNotice(failure instanceof OpsError && failure.status === 409 ? { kind: 'conflict', text: t('conflict', { message }) } : { kind: 'error', text: t('failed', { message }) });
    } finally {
      await onChanged();
      setBusy(false);
    }
  };

  const canDecide = me !== null && mayDo(me.role, 'decide');
  return (
    <aside className="ops-decision" aria-labelledby="decision-title">
      <h2 id="decision-title" tabIndex={-1}>
        {t('decisionTitle')}
      </h2>
      {!canDecide ? (
        <p>{t('readOnly')}</p>
      ) : allowed.length === 0 && !rekyc ? (
        <p>{t('noDecision')}</p>
      ) : rejecting ? (
        <RejectForm busy={busy} onCancel={() => setRejecting(false)} onSend={(rejectedSteps) => void act(`${path}/decision`, { action: 'reject', rejectedSteps }, 'reject')} />
      ) : (
        <div className="ops-actions">
          {allowed.map((action) => (
            <button
              key={action}
              type="button"
              className={`ops-button${action === 'approve' ? '' : action === 'reject' ? ' ops-button-danger' : ' ops-button-quiet'}`}
              disabled={busy}
              onClick={() => (action === 'reject' ? setRejecting(true) : void act(`${path}/decision`, { action }, action))}
            >
              {tOf('action', action)}
            </button>
          ))}
          {rekyc ? (
            <button type="button" className="ops-button ops-button-quiet" disabled={busy} onClick={() => void act(`${path}/rekyc`, {}, 'rekyc')}>
              {t('action.rekyc')}
            </button>
          ) : null}
        </div>
      )}
      <div aria-live="polite">{notice ? <p className={notice.kind === 'done' ? 'ops-notice' : 'ops-error'}>{notice.text}</p> : null}</div>
    </aside>
  );
}
