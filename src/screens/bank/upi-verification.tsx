import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { type RpdStart, rpdStatus, simulateUpiPayment, startRpd } from '../../api/bank';
import { text } from '../../text/format';
import { useIsNarrow } from '../../ui/use-is-narrow';
import { clock, TimeLimit } from '../../ui/time-limit';
import { useCountdown } from '../../ui/use-countdown';
import { appLink, type LinkBankOptions } from './options';
import { FormAlert } from '../../ui/form-alert';

export interface UpiVerificationProps {
  copy: Record<string, string>;
  options: LinkBankOptions;
  onVerified: () => void;
  /** Back to the choice, with the red message when the payment failed or the time ran out. */
  onLeave: (failure?: string) => void;
}

const isIos = () => /iPhone|iPad|iPod/i.test(navigator.userAgent);

/** Rs 1 by UPI from the account to link: the QR on wide screens, the UPI apps on phones; polled until paid. */
export function UpiVerification({ copy, options, onVerified, onLeave }: UpiVerificationProps) {
  const api = useApi();
  const narrow = useIsNarrow();
  const [request, setRequest] = useState<RpdStart | undefined>();
  const [pollError, setPollError] = useState<string | undefined>();
  const { left, extend } = useCountdown(options.countdownSeconds);
  const done = useRef(false);
  const fallback = text(copy, 'failure');
  // One payment request per screen: a parent's re-render (new callbacks) must not start another, which would
  // replace the one whose QR the applicant is paying.
  const leave = useRef(onLeave);
  leave.current = onLeave;
  const startFailure = useRef(fallback);
  startFailure.current = fallback;

  useEffect(() => {
    let current = true;
    startRpd(api)
      .then((started) => current && setRequest(started))
      .catch((error: unknown) => current && leave.current(errorText(error, startFailure.current)));
    return () => {
      current = false;
    };
  }, [api]);

  useEffect(() => {
    if (!request) return undefined;
    const timer = setInterval(() => {
      rpdStatus(api, request.requestId)
        .then((status) => {
          if (done.current) return;
          setPollError(undefined);
          if (status.status === 'success') {
            done.current = true;
            onVerified();
          } else if (status.status === 'failure') {
            done.current = true;
            onLeave(status.message || fallback);
          }
        })
        .catch((error: unknown) => setPollError(errorText(error, fallback)));
    }, options.pollMs);
    return () => clearInterval(timer);
  }, [api, request, options.pollMs, onVerified, onLeave, fallback]);

  useEffect(() => {
    if (left === 0 && !done.current) {
      done.current = true;
      onLeave(text(copy, 'timeout'));
    }
  }, [left, copy, onLeave]);

  return (
    <div className="upi-verification">
      <p>{text(copy, 'upiText')}</p>
      {!request ? (
        <p aria-busy="true">{text(copy, 'upiStarting')}</p>
      ) : narrow ? (
        <div className="upi-apps">
          {isIos() ? (
            options.iosApps.map((app) => (
              <Button key={app.label} size="large" block href={appLink(request.intentLink, app.address)}>
                {app.label}
              </Button>
            ))
          ) : (
            <Button type="primary" size="large" block href={request.intentLink}>
              {text(copy, 'openUpiApp')}
            </Button>
          )}
        </div>
      ) : (
        <img className="upi-qr" src={request.qrCode} alt={text(copy, 'qrAlt')} width={240} height={240} />
      )}
      <TimeLimit
        line={text(copy, 'countdown', { time: clock(left) })}
        left={left}
        warnBelow={60}
        warning={text(copy, 'timeLow')}
        extendLabel={text(copy, 'extend')}
        onExtend={() => extend(options.countdownSeconds)}
      />
      {pollError ? (
        <FormAlert>{pollError}</FormAlert>
      ) : null}
      {request?.sandbox ? (
        <Button className="upi-simulate" block onClick={() => void simulateUpiPayment(api, request.requestId).catch((error: unknown) => setPollError(errorText(error, fallback)))}>
          {text(copy, 'simulatePayment')}
        </Button>
      ) : null}
      <Button type="link" onClick={() => onLeave()}>
        {text(copy, 'back')}
      </Button>
    </div>
  );
}
