import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { type ConsentEntry, giveConsent, listConsents, withdrawConsent } from '../../api/data-rights';
import { useConfig } from '../../config/config-context';
import { findPurpose } from '../../../core/engine/privacy';
import { text } from '../../text/format';
import { messageText } from '../../../core/engine/message-codes';
import { useToast } from '../../ui/toast';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The applicant's consent to each purpose as it stands; optional ones withdrawn or given again with one button. */
export function ConsentList({ copy }: { copy: Record<string, string> }) {
  const api = useApi();
  const toast = useToast();
  const { bundle, messages } = useConfig();
  const [consents, setConsents] = useState<ConsentEntry[]>();
  const [busy, setBusy] = useState<string>();
  useEffect(() => {
    let live = true;
    listConsents(api)
      .then((answer) => live && setConsents(answer.consents))
      .catch((error: unknown) => live && toast.error(errorText(error, messageText(messages, 'errors.fallback'))));
    return () => {
      live = false;
    };
  }, [api, toast, messages]);

  const change = async (consent: ConsentEntry, give: boolean) => {
    setBusy(consent.purpose);
    try {
      const answer = await (give ? giveConsent(api, consent.purpose) : withdrawConsent(api, consent.purpose));
      setConsents((list) => list?.map((item) => (item.purpose === consent.purpose ? answer.consent : item)));
      toast.success(text(copy, give ? 'given' : 'withdrawn'));
    } catch (error) {
      toast.error(errorText(error, messageText(messages, 'errors.fallback')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="privacy-consents" aria-busy={consents ? undefined : true}>
      <h2 id="privacy-consents">{text(copy, 'consentsTitle')}</h2>
      <ul className="privacy-consents">
        {(consents ?? []).map((consent) => {
          const purpose = findPurpose(bundle.privacy, consent.purpose);
          const live = consent.givenAt !== null && consent.withdrawnAt === null;
          const status = live
            ? text(copy, 'givenOn', { date: day(consent.givenAt ?? ''), version: consent.version ?? '' })
            : consent.withdrawnAt
              ? text(copy, 'withdrawnOn', { date: day(consent.withdrawnAt) })
              : text(copy, 'notGiven');
          return (
            <li key={consent.purpose} className="info-card privacy-card privacy-consent" data-testid={`consent-${consent.purpose}`}>
              <h3>{purpose?.title ?? consent.purpose}</h3>
              <p>{status}</p>
              {consent.required ? (
                <p>{purpose?.whyRequired}</p>
              ) : (
                <Button loading={busy === consent.purpose} disabled={busy !== undefined} onClick={() => void change(consent, !live)}>
                  {text(copy, live ? 'withdraw' : 'give')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
