import { useState } from 'react';
import type { StudioDraftView } from '../../../core/api/types';
import { mayDo } from '../../../core/engine/ops-roles';
import { useOpsSession } from '../ops-session';
import { t } from '../ops-texts';

interface DraftDecisionProps {
  view: StudioDraftView;
  /** The draft's API path. */
  path: string;
  onDecided(view: StudioDraftView): void;
  onNotice(notice: { error: boolean; text: string }): void;
}

/** An editor proposes a draft being edited; an approver (not its author: the server refuses) approves or sends it back. */
export function DraftDecision({ view, path, onDecided, onNotice }: DraftDecisionProps) {
  const { client, me } = useOpsSession();
  const [note, setNote] = useState('');
  const { status, version } = view.draft;
  const proposes = status === 'editing' && me !== null && mayDo(me.role, 'editConfig');
  const decides = status === 'proposed' && me !== null && mayDo(me.role, 'approveConfig');
  if (!proposes && !decides) return null;

  const act = async (action: 'propose' | 'approve' | 'send-back', done: (next: StudioDraftView) => string) => {
    try {
      const next = await client.post<StudioDraftView>(`${path}/${action}`, { version, ...(note.trim() ? { note: note.trim() } : {}) });
      setNote('');
      onDecided(next);
      onNotice({ error: false, text: done(next) });
    } catch (failure) {
      onNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });
    }
  };

  return (
    <form className="ops-filters" onSubmit={(event) => event.preventDefault()} aria-label={proposes ? t('studioPropose') : t('studioApprove')}>
      <label className="ops-field ops-grow">
        <span>{t('studioNote')}</span>
        <textarea rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      {proposes ? (
        <button type="button" className="ops-button" onClick={() => void act('propose', () => t('studioProposed'))}>
          {t('studioPropose')}
        </button>
      ) : (
        <>
          <button type="button" className="ops-button" onClick={() => void act('approve', (next) => t('studioPublishedAs', { number: next.draft.publishedRelease ?? 0 }))}>
            {t('studioApprove')}
          </button>
          <button type="button" className="ops-button ops-button-quiet" disabled={note.trim() === ''} onClick={() => void act('send-back', () => t('studioSentBack'))}>
            {t('studioSendBack')}
          </button>
        </>
      )}
    </form>
  );
}
