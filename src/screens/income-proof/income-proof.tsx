import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { startAggregatorFlow } from '../../api/income-proof';
import { externalNavigation, safeExternalUrl } from '../../app/external-navigation';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import type { EffectName } from '../../../core/catalog/effects';
import { ConfigAlert } from '../../renderer/config-alert';
import { withoutHeading } from '../../renderer/form/copy';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import { useToast } from '../../ui/toast';
import { EmbeddedForm } from '../embedded-form-view';
import type { ScreenProps } from '../screen-props';
import { IncomeChoiceCards } from './income-choice';
import { CONSENT_STORAGE_KEY, readIncomeProofOptions, type IncomeChoice, type IncomeProofOptions } from './options';
import '../../renderer/form-page.css';
import './income-proof.css';
import { BusyOverlay } from '../../ui/busy-overlay';

/** /add-income-details: enable F&O by an account-aggregator consent (recommended) or a PDF upload, or skip. */
export function IncomeProof({ route, copy, options }: ScreenProps) {
  const setup = useMemo(() => {
    try {
      return readIncomeProofOptions(options, `page ${route}`);
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  }, [options, route]);
  if (Array.isArray(setup)) return <ConfigAlert route={route} problems={setup} />;
  return <IncomeProofView route={route} copy={copy} options={setup} />;
}

const pick = (copy: Record<string, string>, ...keys: string[]) => Object.fromEntries(keys.flatMap((key) => (copy[key] ? [[key, copy[key]]] : [])));

function IncomeProofView({ route, copy, options }: { route: string; copy: Record<string, string>; options: IncomeProofOptions }) {
  const api = useApi();
  const toast = useToast();
  const { form } = options;
  const [phase, setPhase] = useState<'choice' | 'manual'>('choice');
  const [choice, setChoice] = useState<IncomeChoice | undefined>(options.defaultChoice);
  const [redirecting, setRedirecting] = useState(false);
  const upload = useSubmitEffect({ effect: form.effect, where: `page ${route}`, route, copy: pick(copy, 'success', 'failure'), next: form.next });
  const skip = useSubmitEffect({
    effect: 'skipIncomeProof' satisfies EffectName,
    where: `page ${route} (skip)`,
    route,
    copy: { ...pick(copy, 'failure'), ...(copy.skipped ? { success: copy.skipped } : {}) },
    tone: 'warning',
  });
  const formCopy = useMemo(() => withoutHeading(copy), [copy]);
  const busy = redirecting || upload.loading || skip.loading;

  const toAggregator = async () => {
    setRedirecting(true);
    try {
      const { redirectionUrl, consentId } = await startAggregatorFlow(api);
      const target = safeExternalUrl(redirectionUrl);
      if (!target) throw new Error(`not a web address: ${redirectionUrl}`);
      sessionStorage.setItem(CONSENT_STORAGE_KEY, consentId);
      externalNavigation.assign(target);
    } catch (error) {
      toast.error(errorText(error, text(copy, 'redirectFailure')));
      setRedirecting(false);
    }
  };

  const next = () => {
    if (busy) return;
    if (!choice) return toast.error(text(copy, 'chooseType'));
    if (choice === 'manual') return setPhase('manual');
    void toAggregator();
  };

  if (phase === 'manual') {
    return (
      <BusyOverlay busy={upload.loading} caption={upload.progress !== undefined && copy.uploading ? text(copy, 'uploading', { percent: upload.progress }) : copy.loading}>
        <div className="screen onboard-form-page income-manual">
          <Button type="link" className="onboard-back" disabled={busy} onClick={() => setPhase('choice')}>
            {text(copy, 'back')}
          </Button>
          <ScreenHeader title={text(copy, 'manualTitle')} subtitle={copy.manualSubtitle} />
          <EmbeddedForm
            form={form}
            route={route}
            copy={formCopy}
            disabled={busy}
            onSubmit={(data) => void upload.run(data)}
          />
        </div>
      </BusyOverlay>
    );
  }

  return (
    <div className="screen income-proof">
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
      <IncomeChoiceCards value={choice} copy={copy} disabled={busy} onChange={setChoice} />
      <div className="income-actions">
        <Button size="large" disabled={busy} loading={skip.loading} onClick={() => void skip.run({})}>
          {text(copy, 'skip')}
        </Button>
        <Button type="primary" size="large" disabled={busy && !redirecting} loading={redirecting} onClick={next}>
          {text(copy, 'next')}
        </Button>
      </div>
    </div>
  );
}
