import { Button, Checkbox, type CheckboxRef } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { acknowledgeEvidence, listAcknowledgements, type AcknowledgementState } from '../../api/acknowledgements';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { useConfig } from '../../config/config-context';
import { text } from '../../text/format';
import { FormAlert } from '../../ui/form-alert';
import { displayDate, indianDate } from '../../../core/engine/rectification';
import { EvidenceText } from '../regulation/evidence-text';

export interface EsignAcknowledgementsProps {
  /** Routes of the evidence texts to acknowledge first (the page's options.acknowledge). */
  routes: readonly string[];
  /** The applicant has loaded: what they acknowledged may be asked (the text is drawn before, from config). */
  ready: boolean;
  fallback: string;
  /** The label of the button that tries again after a failure. */
  retry: string;
  /** Every text is acknowledged in its current version: signing may start. */
  onDone: () => void;
}

const keyOf = (options: Record<string, unknown> | undefined) => (typeof options?.evidenceKey === 'string' ? options.evidenceKey : '');

/**
 * Before eSign: each evidence text the page names (the exchanges' MITC), in full in a scrollable region, with a box
 * the applicant ticks (never ticked for them) and a button that records the acknowledgement. Once acknowledged, a
 * line says when, under which version, with the text one link away.
 */
export function EsignAcknowledgements({ routes, ready, fallback, retry, onDone }: EsignAcknowledgementsProps) {
  const api = useApi();
  const { pages } = useConfig();
  const [states, setStates] = useState<AcknowledgementState[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<CheckboxRef>(null);

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setStates((await listAcknowledgements(api)).acknowledgements);
    } catch (failure) {
      setError(errorText(failure, fallback));
    }
  }, [api, fallback]);
  useEffect(() => {
    if (ready) void load();
  }, [load, ready]);

  const entries = routes.map((route) => {
    const page = pages[route];
    const options = page && 'options' in page ? page.options : undefined;
    const state = states?.find((item) => item.key === keyOf(options));
    return { route, copy: page?.copy ?? {}, options, state };
  });
  const pending = entries.find((entry) => !entry.state?.acknowledgedAt);
  const allDone = states !== undefined && pending === undefined;
  useEffect(() => {
    if (allDone) onDone();
  }, [allDone, onDone]);

  if (error) {
    return (
      <>
        <FormAlert>{error}</FormAlert>
        <Button onClick={() => void load()}>{retry}</Button>
      </>
    );
  }
  // Until the states arrive the first text is drawn as pending (it is the page's largest paint): only its button
  // waits for them.
  if (states && !pending) {
    return (
      <ul className="evidence-done">
        {entries.map(({ route, copy, state }) => (
          <li key={route}>
            <a href={route} target="_blank" rel="noreferrer">
              {text(copy, 'title')}
            </a>{' '}
            {state?.acknowledgedAt ? text(copy, 'acknowledged', { date: displayDate(indianDate(Date.parse(state.acknowledgedAt))), version: state.version }) : null}
          </li>
        ))}
      </ul>
    );
  }

  const shown = pending ?? entries[0];
  if (!shown) return null;
  const { copy, options, state } = shown;
  const submit = async () => {
    if (!states) return;
    if (!ticked) {
      setMissing(true);
      box.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await acknowledgeEvidence(api, state?.key ?? keyOf(options), state?.version ?? String(options?.version ?? ''));
      setStates((list) => (list ?? []).map((item) => (item.key === saved.key ? saved : item)));
      setTicked(false);
      setMissing(false);
    } catch (failure) {
      setError(errorText(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="evidence-acknowledge">
      {/* Scrollable, so it takes the keyboard's focus and says what it holds. */}
      <div className="evidence-scroll" tabIndex={0} role="region" aria-labelledby="evidence-ack-title">
        <EvidenceText copy={copy} options={options} level={2} id="evidence-ack" />
      </div>
      <Checkbox
        ref={box}
        id="evidence-ack-tick"
        checked={ticked}
        aria-invalid={missing && !ticked ? true : undefined}
        aria-describedby={missing && !ticked ? 'evidence-ack-missing' : undefined}
        onChange={(event) => setTicked(event.target.checked)}
      >
        {text(copy, 'acknowledge')}
      </Checkbox>
      {missing && !ticked ? (
        <p id="evidence-ack-missing" className="field-error" role="alert">
          {text(copy, 'acknowledgeMissing')}
        </p>
      ) : null}
      <Button type="primary" size="large" block loading={busy} disabled={!states} onClick={() => void submit()}>
        {text(copy, 'acknowledgeSubmit')}
      </Button>
    </div>
  );
}
