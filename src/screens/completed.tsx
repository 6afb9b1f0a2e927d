import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useConfig } from '../config/config-context';
import { userDetailsAtom } from '../state/account';
import { displayDate } from '../../core/engine/rectification';
import { type MessageCode, messageText } from '../../core/engine/message-codes';
import { format, text } from '../text/format';
import { ScreenHeader } from '../ui/screen-header';
import { useHydrated } from '../ui/use-hydrated';
import { SupportLink } from '../ui/session-links';
import { completedStage, stageStates } from './completed-stage';
import { StatusStepper } from './status-stepper';
import type { ScreenProps } from './screen-props';
import './status.css';
import { PolicyLinks, policiesOf } from './regulation/policy-links';

/** The words of each KRA status (messages.json kra). */
const kraStatusTexts: Partial<Record<string, MessageCode>> = {
  validated: 'kra.validated',
  registered: 'kra.registered',
  on_hold: 'kra.onHold',
  rejected: 'kra.rejected',
  not_found: 'kra.notFound',
};

/**
 * /completed and /re-verification: the three-stage status of an application past the journey, and the KRA status.
 * Drawn before the applicant's record loads (a prerendered page paints it at once): the stages, the policies and
 * the links; the stage reached, its heading and what is the applicant's own fill in once the record is here.
 */
export function Completed({ copy, options }: ScreenProps) {
  const { flow, messages, pages } = useConfig();
  const userDetails = useAtomValue(userDetailsAtom);
  // Hydrating a prerendered page, the applicant (even if already loaded) waits for the hydration to end.
  const user = useHydrated() ? userDetails : null;
  const { stage, last } = completedStage(flow, user?.nextStep);
  const labels = Array.from({ length: last }, (_, index) => text(copy, `stage${index + 1}`));
  const states = user ? stageStates(stage.stage, last, stage.done) : labels.map(() => 'inactive' as const);
  const kraText = user?.kraStatus ? kraStatusTexts[user.kraStatus] : undefined;
  // The nominee step's acknowledgement (SEBI, 2025), kept on the record with its answer.
  const nomination = (user as { nominationReference?: unknown } | null)?.nominationReference;
  const reference = typeof nomination === 'string' ? nomination : undefined;

  return (
    <div className="screen completed">
      {/* A closed application's stage says by when it had to be fixed ({deadline}). */}
      {user ? (
        <ScreenHeader title={stage.title} subtitle={format(stage.subtitle, user.rectifyBy ? { deadline: displayDate(user.rectifyBy) } : {})} />
      ) : (
        <StatusLoading />
      )}
      {user?.correctionsReceived ? (
        <p className="status-corrections" role="status">
          {text(copy, 'corrections')}
        </p>
      ) : null}
      <StatusStepper labels={labels} states={states} />
      {user?.reviewBy ? (
        // While the back office reviews: what to quote to support, and by when to expect its answer.
        <div className="info-card status-review">
          <p>{text(copy, 'reference', { reference: user.reference ?? '' })}</p>
          <p>{text(copy, 'reviewBy', { date: displayDate(user.reviewBy) })}</p>
        </div>
      ) : null}
      {stage.next && user ? (
        <div className="info-card status-next">
          <span>{format(stage.next.text, { phone: user.phone, clientCode: user.clientCode ?? '' })}</span>
          <Button type="primary" size="large" block href={messages.links[stage.next.link]} target="_blank" rel="noreferrer">
            {stage.next.action}
          </Button>
        </div>
      ) : null}
      {kraText ? (
        <p className="kra-status">
          {messageText(messages, 'kra.label')}: {messageText(messages, kraText)}
        </p>
      ) : null}
      {reference ? <p className="nomination-reference">{text(copy, 'nominationReference', { reference })}</p> : null}
      <PolicyLinks routes={policiesOf(options)} pages={pages} title={copy.policiesTitle} />
      <p className="notice">{text(copy, 'notifications')}</p>
      <SupportLink label={text(copy, 'support')} />
    </div>
  );
}

/** The heading's place, kept at its height while the record loads, so nothing below it moves when it comes. */
function StatusLoading() {
  return (
    <header className="screen-header status-loading" role="status" aria-busy="true" aria-label="Loading">
      <span className="status-loading-title" />
      <span className="status-loading-subtitle" />
    </header>
  );
}
