import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PanCheckResponse } from '../../../core/api/types';
import { stepOfRoute } from '../../../core/engine/step-api';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/api-error';
import { pendingPanCheck } from '../../api/pan';
import { useConfig } from '../../config/config-context';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import type { EffectName } from '../../../core/catalog/effects';
import { messageText } from '../../../core/engine/message-codes';
import { text } from '../../text/format';
import { BusyOverlay } from '../../ui/busy-overlay';
import { FormAlert } from '../../ui/form-alert';
import { ScreenHeader } from '../../ui/screen-header';
import type { ScreenProps } from '../screen-props';
import './kra-record.css';

/** The address's non-empty parts, one line each, as the KRA holds them. */
function addressLines(check: PanCheckResponse): string[] {
  const address = check.address;
  if (!address) return [];
  const place = [address.city, address.pincode].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.line3, place, address.state, address.country].filter(Boolean);
}

/**
 * /confirm-pan: the KYC record the KRA holds for the PAN just checked (name, date of birth, address), for the applicant
 * to confirm instead of typing it again (flow.json kra: confirm). Confirm completes the PAN step; Back checks again.
 */
export function KraRecord({ route, copy }: ScreenProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { flow, messages } = useConfig();
  const [check, setCheck] = useState<PanCheckResponse | undefined>();
  const [error, setError] = useState<string | undefined>();
  const confirm = useSubmitEffect({ effect: 'confirmPan' satisfies EffectName, where: `page ${route}`, route, copy });
  const firstRoute = stepOfRoute(flow, route)?.routes[0] ?? flow.routes.root;

  useEffect(() => {
    let current = true;
    pendingPanCheck(api).then(
      (found) => current && setCheck(found),
      (failure: unknown) => current && setError(errorText(failure, messageText(messages, 'errors.fallback'))),
    );
    return () => {
      current = false;
    };
  }, [api, messages]);

  return (
    <BusyOverlay busy={confirm.loading} caption={copy.loading}>
      <div className="screen kra-record">
        <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        {check ? (
          <dl className="kra-record-fields">
            <dt>{text(copy, 'name')}</dt>
            <dd>{check.name}</dd>
            <dt>{text(copy, 'dateOfBirth')}</dt>
            <dd>{check.dateOfBirth}</dd>
            <dt>{text(copy, 'pan')}</dt>
            <dd>{check.pan}</dd>
            {check.address ? (
              <>
                <dt>{text(copy, 'address')}</dt>
                <dd>
                  {addressLines(check).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <div className="kra-record-actions">
          <Button type="primary" size="large" block disabled={!check} loading={confirm.loading} onClick={() => void confirm.run({})}>
            {text(copy, 'submit')}
          </Button>
          <Button size="large" block onClick={() => void navigate(firstRoute)}>
            {text(copy, 'back')}
          </Button>
        </div>
      </div>
    </BusyOverlay>
  );
}
