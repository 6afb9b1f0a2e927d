import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { initiateWorkflow, type IdentityWorkflow } from '../../api/identity';
import { useConfig } from '../../config/config-context';
import { stepOfRoute } from '../../../core/engine/step-api';
import { userDetailsAtom } from '../../state/account';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import type { EffectName } from '../../../core/catalog/effects';
import { runWidget, widgetFailureText } from '../../identity/run-widget';
import { useIdentityWidget } from '../../identity/use-identity-widget';
import { text } from '../../text/format';
import { messageText } from '../../../core/engine/message-codes';
import { ScreenHeader } from '../../ui/screen-header';
import { useToast } from '../../ui/toast';
import type { ScreenProps } from '../screen-props';
import { copyList } from './copy-list';
import './identity.css';
import { FormAlert } from '../../ui/form-alert';
import { BusyOverlay } from '../../ui/busy-overlay';

const workflowOf = (options: Record<string, unknown> | undefined): IdentityWorkflow => (options?.workflow === 'selfie' ? 'selfie' : 'kyc');

/**
 * /kyc-verification and /verify-image: what to have ready, then the identity widget. The button opens the widget
 * in the click; the request is fetched after a short delay and handed to it; an approval is verified by the server
 * (green toast, next step), a cancel or failure shows the widget's own message.
 */
export function IdentityCheck({ route, copy, options }: ScreenProps) {
  const workflow = workflowOf(options);
  const api = useApi();
  const toast = useToast();
  const { messages, flow } = useConfig();
  const user = useAtomValue(userDetailsAtom);
  // A step the back office sent back (the selfie): its reason, so the applicant knows what to do differently.
  const step = stepOfRoute(flow, route)?.id;
  const reason = step ? user?.rejectedSteps[step]?.reason : undefined;
  const fallback = copy.failure ?? messageText(messages, 'errors.fallback');
  const { widget, error } = useIdentityWidget(fallback);
  const verify = useSubmitEffect({ effect: 'verifyIdentity' satisfies EffectName, where: `page ${route}`, route, copy });
  const [opening, setOpening] = useState(false);
  // The camera or the liveness check failed: a guided retry (copy retry.N), and after a second failure a way to a person.
  const [failures, setFailures] = useState(0);
  const busy = opening || verify.loading;

  const begin = () => {
    if (!widget || busy) return;
    const run = widget.open();
    setOpening(true);
    void (async () => {
      try {
        const { credentials } = await runWidget(run, () => initiateWorkflow(api, workflow));
        setOpening(false);
        if (!(await verify.run({ workflow, requestId: credentials.requestId }))) setFailures((count) => count + 1);
      } catch (failure) {
        setOpening(false);
        setFailures((count) => count + 1);
        toast.error(widgetFailureText(failure, fallback));
      }
    })();
  };

  const items = copyList(copy, 'item.');
  const retryTips = copyList(copy, 'retry.');
  return (
    <BusyOverlay busy={verify.loading} caption={copy.loading}>
      <div className="screen identity-check">
        <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
        {reason && copy.retake ? <p className="reason-note">{text(copy, 'retake', { reason })}</p> : null}
        {items.length > 0 ? (
          <section className="identity-points" aria-labelledby={copy.listTitle ? 'identity-points-title' : undefined}>
            {copy.listTitle ? <h2 id="identity-points-title">{copy.listTitle}</h2> : null}
            <ul>
              {items.map((item) => (
                <li key={item.key}>{item.text}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {copy.note ? <p className="notice">{copy.note}</p> : null}
        {copy.duration ? <p className="identity-duration">{copy.duration}</p> : null}
        {error ? (
          <FormAlert>{error}</FormAlert>
        ) : null}
        {failures > 0 && retryTips.length > 0 ? (
          <section className="identity-points identity-retry" aria-labelledby="identity-retry-title">
            <h2 id="identity-retry-title">{text(copy, 'retryTitle')}</h2>
            <ol>
              {retryTips.map((tip) => (
                <li key={tip.key}>{tip.text}</li>
              ))}
            </ol>
          </section>
        ) : null}
        {failures > 1 && copy.askHelp ? (
          <Link className="identity-ask-help" to={`/help?from=${encodeURIComponent(route)}`}>
            {copy.askHelp}
          </Link>
        ) : null}
        {/* While the widget's code loads the button shows its loading look, not a disabled grey one that turns blue
            a moment later (a colour read mid-change failed contrast); a click meanwhile waits for nothing. */}
        <Button type="primary" size="large" block loading={busy || (!widget && !error)} disabled={!widget && !!error} onClick={begin}>
          {text(copy, 'submit')}
        </Button>
      </div>
    </BusyOverlay>
  );
}
