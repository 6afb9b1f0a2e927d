import type { OpsAnswerChange, OpsDocument } from '../../core/api/types';
import { when } from './ops-format';
import { t } from './ops-texts';

interface AnswerChangesProps {
  stepId: string;
  changes: readonly OpsAnswerChange[];
  documents: readonly OpsDocument[];
}

/** One side of a change in words: an answer's text, a document by its label (a replaced one as an earlier upload). */
function Side({ value, document, documents }: { value: string | undefined; document: boolean; documents: readonly OpsDocument[] }) {
  if (value === undefined) return <span className="ops-change-none">{t('answerChangeNone')}</span>;
  if (!document) return <>{value}</>;
  const found = documents.find((item) => item.id === value);
  return <>{found ? t('documentAnswer', { label: found.label, at: when(found.uploadedAt) }) : t('answerChangeEarlierUpload')}</>;
}

/** What the applicant changed in a step since the last decision: each answer under its label, before struck through, now marked. */
export function AnswerChanges({ stepId, changes, documents }: AnswerChangesProps) {
  if (changes.length === 0) return null;
  const captionId = `changes-${stepId}`;
  return (
    <table className="ops-answer-changes" aria-labelledby={captionId}>
      <caption id={captionId}>{t('answerChangesTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('answerChangeQuestion')}</th>
          <th scope="col">{t('answerChangeBefore')}</th>
          <th scope="col">{t('answerChangeAfter')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, index) => (
          <tr key={`${change.field}-${index}`}>
            <th scope="row">{change.label}</th>
            <td>
              <del>
                <Side value={change.before} document={change.document === true} documents={documents} />
              </del>
            </td>
            <td>
              <ins>
                <Side value={change.after} document={change.document === true} documents={documents} />
              </ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
