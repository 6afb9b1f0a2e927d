import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { findStep } from '../engine/flow';
import { userDetailsAtom } from '../state/account';
import { continueRouteAtom, progressAtom } from '../state/derived';
import { text } from '../text/format';
import { ScreenHeader } from '../ui/screen-header';
import { Spinner } from '../ui/spinner';
import { SessionLinks } from '../ui/session-links';
import { ProgressBar } from '../ui/progress-bar';
import { RejectedSteps } from './rejected-steps';
import type { ScreenProps } from './screen-props';
import './status.css';

/** '/': where the applicant stands, what comes next, and a way back in. Rejections turn it into a to-do list. */
export function Resume({ copy }: ScreenProps) {
  const navigate = useNavigate();
  const { flow } = useConfig();
  const user = useAtomValue(userDetailsAtom);
  const figures = useAtomValue(progressAtom);
  const target = useAtomValue(continueRouteAtom);
  if (!user) return <Spinner />;

  const rejected = Object.keys(user.rejectedSteps ?? {});
  const modification = rejected.length > 0;
  const nextTitle = figures.groupLabel ?? findStep(flow, user.nextStep)?.title;

  return (
    <div className="screen resume">
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, modification ? 'modificationSubtitle' : 'subtitle')} />
      {modification ? (
        <RejectedSteps copy={copy} user={user} />
      ) : (
        <>
          <div className="resume-progress">
            <span>{text(copy, 'steps', { done: figures.done, total: figures.total })}</span>
            <span>{figures.percent}%</span>
          </div>
          <ProgressBar percent={figures.percent} label={text(copy, 'steps', { done: figures.done, total: figures.total })} />
          {nextTitle ? (
            <div className="info-card" data-testid="next-step">
              <span className="info-card-label">{text(copy, 'nextStep')}</span>
              <strong>{nextTitle}</strong>
            </div>
          ) : null}
        </>
      )}
      <Button type="primary" size="large" block onClick={() => void navigate(target)}>
        {text(copy, 'continue')}
      </Button>
      <SessionLinks supportLabel={text(copy, 'support')} logoutLabel={text(copy, 'logout')} />
    </div>
  );
}
