import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { esignDocuments, verifyEsign, type EsignDocument, type WidgetCredentials } from '../../api/identity';
import { useConfig } from '../../config/config-context';
import { userDetailsAtom } from '../../state/account';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import type { EffectName } from '../../../core/catalog/effects';
import { CREDENTIALS_DELAY_MS, runWidget, widgetFailureText } from '../../identity/run-widget';
import { useIdentityWidget } from '../../identity/use-identity-widget';
import { format, text } from '../../text/format';
import { messageText } from '../../../core/engine/message-codes';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import type { ScreenProps } from '../screen-props';
import { EsignList } from './esign-list';
import { EsignPreview } from './esign-preview';
import { EsignAcknowledgements } from './esign-acknowledgements';
import './identity.css';
import { FormAlert } from '../../ui/form-alert';
import { BusyOverlay } from '../../ui/busy-overlay';

const credentialsOf = (document: EsignDocument): WidgetCredentials => ({
  requestId: document.eSignRequestID,
  identifier: document.identifier,
  token: document.token,
});

const without = (set: ReadonlySet<string>, name: string) => new Set([...set].filter((item) => item !== name));

/**
 * /aadhaar-esign: the documents to sign with Aadhaar eSign, one by one through the identity widget ('Esign for
 * {document} successfully!' each); when none remain, the verification call moves the application on.
 */
export function AadhaarEsign({ route, copy, options }: ScreenProps) {
  const api = useApi();
  const toast = useToast();
  const { messages } = useConfig();
  const user = useAtomValue(userDetailsAtom);
  const fallback = copy.failure ?? messageText(messages, 'errors.fallback');
  const { widget, error: widgetError } = useIdentityWidget(fallback);
  const finish = useSubmitEffect({ effect: 'submitEsign' satisfies EffectName, where: `page ${route}`, route, copy: copy.failure ? { failure: copy.failure } : {} });
  const [documents, setDocuments] = useState<EsignDocument[] | undefined>();
  const latest = useRef<EsignDocument[]>([]);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [loadError, setLoadError] = useState<string | undefined>();
  const [signing, setSigning] = useState<string | null>(null);
  const acknowledge = useMemo(() => (Array.isArray(options?.acknowledge) ? options.acknowledge.filter((item): item is string => typeof item === 'string') : []), [options]);
  const [acknowledged, setAcknowledged] = useState(acknowledge.length === 0);
  const onAcknowledged = useCallback(() => setAcknowledged(true), []);

  const show = useCallback((list: EsignDocument[]) => {
    latest.current = list;
    setDocuments(list);
  }, []);

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      show(await esignDocuments(api));
    } catch (failure) {
      setLoadError(errorText(failure, fallback));
    }
  }, [api, fallback, show]);

  // The API is asked once the applicant has loaded (the screen draws before, and the guard may yet send them
  // elsewhere), and the documents once what must be acknowledged first (the MITC) is.
  const loaded = user !== null;
  useEffect(() => {
    if (!loaded || !acknowledged) return undefined;
    const timer = setTimeout(() => void load(), CREDENTIALS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [load, loaded, acknowledged]);

  // A retry asks for a fresh list: the request that failed may be spent at the provider.
  const requestFor = async (document: EsignDocument, retry: boolean): Promise<WidgetCredentials> => {
    if (!retry) return credentialsOf(document);
    const fresh = await esignDocuments(api);
    show(fresh);
    const entry = fresh.find((item) => item.name === document.name);
    return credentialsOf(entry ?? document);
  };

  const sign = (document: EsignDocument) => {
    if (!widget || signing || finish.loading) return;
    const retry = failed.has(document.name);
    const run = widget.open();
    setSigning(document.name);
    void (async () => {
      try {
        const { credentials } = await runWidget(run, () => requestFor(document, retry), retry ? CREDENTIALS_DELAY_MS : 0);
        const { message } = await verifyEsign(api, credentials.requestId);
        toast.success(copy.signed ? format(copy.signed, { document: document.name }) : message);
        const list = latest.current.map((item) => (item.name === document.name ? { ...item, signed: true } : item));
        show(list);
        setFailed((set) => without(set, document.name));
        setSigning(null);
        if (list.every((item) => item.signed)) await finish.run({});
      } catch (failure) {
        toast.error(widgetFailureText(failure, fallback));
        setFailed((set) => new Set(set).add(document.name));
        setSigning(null);
      }
    })();
  };

  const allSigned = documents !== undefined && documents.length > 0 && documents.every((document) => document.signed);
  return (
    <BusyOverlay busy={finish.loading} caption={copy.loading}>
      <div className="screen aadhaar-esign">
        <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
        <EsignPreview copy={copy} fallback={fallback} retry={text(copy, 'reload')} />
        {acknowledge.length === 0 ? null : (
          <EsignAcknowledgements routes={acknowledge} ready={loaded} fallback={fallback} retry={text(copy, 'reload')} onDone={onAcknowledged} />
        )}
        {!acknowledged ? null : documents ? (
          <EsignList
            documents={documents}
            failed={failed}
            signing={signing}
            canSign={!!widget && signing === null && !finish.loading}
            copy={copy}
            onSign={sign}
          />
        ) : loadError ? null : (
          <Spinner />
        )}
        {loadError ? (
          <>
            <FormAlert>{loadError}</FormAlert>
            <Button onClick={() => void load()}>{text(copy, 'reload')}</Button>
          </>
        ) : null}
        {widgetError ? (
          <FormAlert>{widgetError}</FormAlert>
        ) : null}
        {allSigned && signing === null ? (
          <Button type="primary" size="large" block loading={finish.loading} onClick={() => void finish.run({})}>
            {text(copy, 'finish')}
          </Button>
        ) : null}
      </div>
    </BusyOverlay>
  );
}
