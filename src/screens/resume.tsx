import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { findStep } from '../../core/engine/flow';
import { userDetailsAtom } from '../state/account';
import { continueRouteAtom, progressAtom } from '../state/derived';
import { text } from '../text/format';
import { ScreenHeader } from '../ui/screen-header';
import { Spinner } from '../ui/spinner';
import { SupportLink } from '../ui/session-links';
import { ProgressBar } from '../ui/progress-bar';
import { RejectedSteps } from './rejected-steps';
import type { ScreenProps } from './screen-props';
import './status.css';

/**
 * The Next Step card's text: the progress group's name (the spec's), and, for a step that is not the first of its
 * group, what is left within it from copy 'task.<step>' ('PAN Verification: upload your PAN card image').
 */
function nextStepTitle(copy: Record<string, string>, group: string | undefined, step: { id: string; title: string } | undefined): string | undefined {
  const task = step ? copy[`task.${step.id}`] : undefined;
  if (group && task) return text(copy, 'nextStepIn', { group, task });
  return group ?? step?.title;
}

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
  const nextTitle = nextStepTitle(copy, figures.groupLabel, user.nextStep ? findStep(flow, user.nextStep) : undefined);

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
      <SupportLink label={text(copy, 'support')} />
    </div>
  );
}
