import { useId, useState } from 'react';
import type { StudioDraftView } from '../../../core/api/types';
import { mayDo } from '../../../core/engine/ops-roles';
import { when } from '../ops-format';
import { useOpsSession } from '../ops-session';
import { t } from '../ops-texts';
import './draft-decision.css';

interface DraftDecisionProps {
  view: StudioDraftView;
  /** The draft's API path. */
  path: string;
  onDecided(view: StudioDraftView): void;
  onNotice(notice: { error: boolean; text: string }): void;
}

/** '2026-11-30T10:00' typed as the reviewer's (IST) clock, as an instant; undefined when not a time. */
const istInstant = (local: string): string | undefined => {
  const at = Date.parse(`${local}:00+05:30`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
};

/**
 * An editor proposes a draft being edited; an approver (not its author: the server refuses) approves it to publish now
 * or at a time they choose, or sends it back; an approver takes back a publishing set for later.
 */
export function DraftDecision({ view, path, onDecided, onNotice }: DraftDecisionProps) {
  const { client, me } = useOpsSession();
  const [note, setNote] = useState('');
  const [later, setLater] = useState(false);
  const [time, setTime] = useState('');
  const timeField = useId();
  const { status, version, publishAt } = view.draft;
  const approver = me !== null && mayDo(me.role, 'approveConfig');
  const proposes = status === 'editing' && me !== null && mayDo(me.role, 'editConfig');
  const decides = status === 'proposed' && approver;
  const cancels = status === 'scheduled' && approver;
  if (!proposes && !decides && !cancels) return null;
  const at = later ? istInstant(time) : undefined;

  const act = async (action: 'propose' | 'approve' | 'send-back' | 'cancel-schedule', done: (next: StudioDraftView) => string) => {
    try {
      const next = await client.post<StudioDraftView>(`${path}/${action}`, { version, ...(note.trim() ? { note: note.trim() } : {}), ...(action === 'approve' && at ? { at } : {}) });
      // The form starts afresh for the draft's next state: a cancelled time is not offered again.
      setNote('');
      setLater(false);
      setTime('');
      onDecided(next);
      onNotice({ error: false, text: done(next) });
    } catch (failure) {
      onNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });
    }
  };

  return (
    <form className="ops-filters" onSubmit={(event) => event.preventDefault()} aria-label={proposes ? t('studioPropose') : cancels ? t('studioCancelSchedule') : t('studioApprove')}>
      <label className="ops-field ops-grow">
        <span>{t('studioNote')}</span>
        <textarea rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      {decides ? (
        <fieldset className="ops-field ops-studio-when">
          <legend>{t('studioWhenPublish')}</legend>
          <label>
            <input type="radio" name="publish-when" checked={!later} onChange={() => setLater(false)} /> {t('studioPublishNow')}
          </label>
          <label>
            <input type="radio" name="publish-when" checked={later} onChange={() => setLater(true)} /> {t('studioPublishLater')}
          </label>
          {later ? (
            <>
              <label htmlFor={timeField}>{t('studioPublishTime')}</label>
              <input id={timeField} type="datetime-local" value={time} onChange={(event) => setTime(event.target.value)} />
            </>
          ) : null}
        </fieldset>
      ) : null}
      {proposes ? (
        <button type="button" className="ops-button" onClick={() => void act('propose', () => t('studioProposed'))}>
          {t('studioPropose')}
        </button>
      ) : cancels ? (
        <button type="button" className="ops-button" onClick={() => void act('cancel-schedule', () => t('studioScheduleCancelled'))}>
          {`${t('studioCancelSchedule')} (${t('studioPublishesAt', { when: publishAt ? when(publishAt) : '' })})`}
        </button>
      ) : (
        <>
          <button
            type="button"
            className="ops-button"
            disabled={later && !at}
            onClick={() =>
              void act('approve', (next) =>
                next.draft.publishAt ? t('studioScheduled', { when: when(next.draft.publishAt) }) : t('studioPublishedAs', { number: next.draft.publishedRelease ?? 0 }),
              )
            }
          >
            {later ? t('studioApproveAt') : t('studioApprove')}
          </button>
          <button type="button" className="ops-button ops-button-quiet" disabled={note.trim() === ''} onClick={() => void act('send-back', () => t('studioSentBack'))}>
            {t('studioSendBack')}
          </button>
        </>
      )}
    </form>
  );
}
