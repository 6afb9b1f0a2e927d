import type { DeclarationOnRecord } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { stepTitle, when } from './ops-format';
import { t } from './ops-texts';

/** A step's tick under the step's title; an acknowledged text or a consented purpose under its own title (its first words). */
const titleOf = (entry: DeclarationOnRecord, flow: FlowConfig) => (entry.step ? stepTitle(flow, entry.step) : (entry.words[0] ?? entry.field));

/**
 * Every declaration the applicant made, in the words they were shown (issue 29): read from the config release they
 * were pinned to, in their language, with the hash stored when they ticked it. A reviewer reads what was agreed, not
 * today's wording.
 */
export function DeclarationsOnRecord({ declarations, flow }: { declarations: readonly DeclarationOnRecord[]; flow: FlowConfig }) {
  return (
    <section aria-labelledby="evidence-title" className="ops-evidence">
      <h2 id="evidence-title">{t('evidenceTitle')}</h2>
      {declarations.length === 0 ? <p>{t('evidenceNone')}</p> : null}
      {declarations.map((entry) => (
        <article key={`${entry.kind}-${entry.step}-${entry.field}-${entry.declaredAt}`} aria-label={titleOf(entry, flow)}>
          <p className="ops-note">
            {t('evidenceRecord', {
              step: titleOf(entry, flow),
              at: entry.declaredAt ? when(entry.declaredAt) : '–',
              release: entry.release === null ? t('evidenceBeforeReleases') : entry.release,
              language: entry.languageName,
            })}
          </p>
          <blockquote lang={entry.language}>
            {entry.words.map((words, index) => (
              <p key={index}>{words}</p>
            ))}
          </blockquote>
          <p className="ops-note ops-hash">{t('evidenceHash', { hash: entry.textSha256 })}</p>
          {entry.wordsMatch ? null : <p role="alert">{t('evidenceMismatch')}</p>}
        </article>
      ))}
    </section>
  );
}
