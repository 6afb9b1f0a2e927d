import type { StudioBusinessChange, StudioDraftView } from '../../../core/api/types';
import { format } from '../../text/format';
import { ColumnHeads } from '../column-heads';
import { t, tOf } from '../ops-texts';

/** One change in the approver's words: its sentence from ops.json, a setting named by its label, languages by name. */
function sentence(change: StudioBusinessChange, languageName: (code: string) => string): string {
  const first = (change.kind === 'stepAdded' || change.kind === 'stepMoved') && change.after === null ? 'First' : '';
  const subject = change.kind === 'settingChanged' ? tOf('studioSetting', change.subject) : change.subject;
  return format(tOf('studioDiff', `${change.kind}${first}`), {
    subject,
    before: change.before ?? '',
    after: change.after ?? '',
    chosen: (change.chosen ?? 0).toLocaleString('en-IN'),
    languages: change.languages.map(languageName).join(', '),
  });
}

/**
 * What a draft changes, in business terms, each with the open applications it touches, and the release rule that
 * will apply to them: wording alone reaches them at once; anything else keeps them on their release.
 */
export function BusinessChanges({ view }: { view: StudioDraftView }) {
  const languageName = (code: string) => view.languages.find((language) => language.code === code)?.name ?? code;
  const { release, draft } = view;
  return (
    <section aria-labelledby="diff-title">
      <h2 id="diff-title">{t('studioDiff')}</h2>
      {view.diff.length === 0 ? (
        <p>{t('studioDiffNone')}</p>
      ) : (
        <>
          <p className="ops-notice">{t(release.wordingOnly ? 'studioRuleWording' : 'studioRuleStructural', { open: release.openOnBase, base: draft.baseRelease })}</p>
          <table className="ops-table ops-stack">
            <ColumnHeads keys={['studioColumnChange', 'studioColumnTouches']} />
            <tbody>
              {view.diff.map((change, index) => (
                <tr key={`${change.kind} ${change.subject} ${index}`}>
                  <th scope="row" data-label={t('studioColumnChange')}>
                    {sentence(change, languageName)}
                    {change.evidence ? <span className="ops-badge">{t('studioEvidence')}</span> : null}
                  </th>
                  <td data-label={t('studioColumnTouches')}>{change.open}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
