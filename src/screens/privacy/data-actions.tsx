import { Button } from 'antd';
import { useStore } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { downloadDataExport, requestErasure } from '../../api/data-rights';
import { endSession } from '../../app/session-actions';
import { useConfig } from '../../config/config-context';
import { text } from '../../text/format';
import { messageText } from '../../../core/engine/message-codes';
import { ResponsiveModal } from '../../ui/responsive-modal';
import { useToast } from '../../ui/toast';

/** Saves a file the browser received (the export) under `name`. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Download my data, and Erase my data (confirmed first): before submission it all goes; after, the law says why not. */
export function DataActions({ copy }: { copy: Record<string, string> }) {
  const api = useApi();
  const store = useStore();
  const toast = useToast();
  const navigate = useNavigate();
  const { flow, messages } = useConfig();
  const [busy, setBusy] = useState<'export' | 'erase'>();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const failed = (error: unknown) => toast.error(errorText(error, messageText(messages, 'errors.fallback')));

  const download = async () => {
    setBusy('export');
    try {
      save(await downloadDataExport(api), text(copy, 'exportFile'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(undefined);
    }
  };

  const erase = async () => {
    setBusy('erase');
    try {
      await requestErasure(api);
      setConfirming(false);
      await endSession(api, store);
      toast.success(text(copy, 'erased'));
      await navigate(flow.routes.login, { replace: true });
    } catch (error) {
      setConfirming(false);
      // 409: the law keeps the application; its words say which law and until when.
      setRefusal(errorText(error, messageText(messages, 'errors.fallback')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="privacy-data" className="privacy-data">
      <h2 id="privacy-data">{text(copy, 'dataTitle')}</h2>
      <p>{text(copy, 'dataText')}</p>
      <div className="privacy-actions">
        <Button size="large" loading={busy === 'export'} onClick={() => void download()}>
          {text(copy, 'export')}
        </Button>
        <Button size="large" className="privacy-erase" onClick={() => setConfirming(true)}>
          {text(copy, 'erase')}
        </Button>
      </div>
      {refusal ? (
        <p className="privacy-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      {confirming ? (
        <ResponsiveModal
          open
          title={text(copy, 'eraseTitle')}
          onClose={() => setConfirming(false)}
          footer={
            <div className="skip-declaration-actions">
              <Button size="large" disabled={busy === 'erase'} onClick={() => setConfirming(false)}>
                {text(copy, 'eraseCancel')}
              </Button>
              <Button size="large" type="primary" className="privacy-erase-confirm" loading={busy === 'erase'} onClick={() => void erase()}>
                {text(copy, 'eraseConfirm')}
              </Button>
            </div>
          }
        >
          <p>{text(copy, 'eraseText')}</p>
        </ResponsiveModal>
      ) : null}
    </section>
  );
}
