import { Button } from 'antd';
import { useState } from 'react';
import { ResponsiveModal } from '../ui/responsive-modal';
import { SelfieCamera } from './selfie-camera';
import { sandboxTexts as t } from './sandbox-texts';
import type { WidgetCredentials } from '../api/identity';
import type { WidgetJourney } from './widget-types';
import './sandbox-widget.css';

/** What the dialog shows: the journey, and the request once the credentials have arrived. */
export interface SandboxSession {
  journey: WidgetJourney;
  label?: string;
  credentials?: WidgetCredentials;
}

export interface SandboxDialogProps {
  session: SandboxSession;
  /** `photo`: the selfie the camera captured (a data URL), sent with Approve as Digio keeps the real one. */
  onAnswer: (action: 'approve' | 'cancel', photo?: string) => Promise<void>;
}

/** The sandbox widget's dialog: the request, the live camera for a selfie, and Approve / Cancel. */
export function SandboxDialog({ session, onAnswer }: SandboxDialogProps) {
  const { journey, label, credentials } = session;
  const [photo, setPhoto] = useState<string | null>(null);
  const [sending, setSending] = useState<'approve' | 'cancel' | null>(null);
  const ready = credentials !== undefined;
  const needsPhoto = journey === 'selfie' && photo === null;

  const send = (action: 'approve' | 'cancel') => {
    if (!ready || sending) return;
    setSending(action);
    void onAnswer(action, action === 'approve' && photo ? photo : undefined).finally(() => setSending(null));
  };

  const footer = (
    <div className="sandbox-widget-actions">
      <Button onClick={() => send('cancel')} disabled={!ready || sending !== null} loading={sending === 'cancel'}>
        {t.cancel}
      </Button>
      <Button type="primary" onClick={() => send('approve')} disabled={!ready || needsPhoto || sending !== null} loading={sending === 'approve'}>
        {t.approve}
      </Button>
    </div>
  );

  return (
    // Closing the dialog is a Cancel, as closing Digio's widget is.
    <ResponsiveModal open title={t.title[journey]} onClose={() => send('cancel')} footer={footer}>
      <div className="sandbox-widget">
        <p>{t.intro[journey]}</p>
        {label ? (
          <p>
            {t.document}: <strong>{label}</strong>
          </p>
        ) : null}
        {credentials ? (
          <dl className="sandbox-widget-request">
            <dt>{t.request}</dt>
            <dd>{credentials.requestId}</dd>
            <dt>{t.applicant}</dt>
            <dd>{credentials.identifier}</dd>
          </dl>
        ) : (
          <p aria-live="polite">{t.preparing}</p>
        )}
        {journey === 'selfie' ? <SelfieCamera onPhoto={setPhoto} /> : null}
      </div>
    </ResponsiveModal>
  );
}
