import type { UserDetails } from '../../../core/api/types';
import { copyList } from './copy-list';

/**
 * Before signing: the details the documents carry, as the applicant gave them (copy 'preview.<field>' names each
 * field of the applicant's record, in order), in a disclosure the applicant opens.
 */
export function EsignPreview({ copy, user }: { copy: Record<string, string>; user: UserDetails | null }) {
  const fields = copyList(copy, 'preview.').flatMap(({ key, text }) => {
    const value: unknown = user ? (user as unknown as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' && value ? [{ key, label: text, value }] : [];
  });
  if (!copy.previewTitle || fields.length === 0) return null;
  return (
    <details className="esign-preview">
      <summary>{copy.previewTitle}</summary>
      {copy.previewNote ? <p className="esign-preview-note">{copy.previewNote}</p> : null}
      <dl>
        {fields.map(({ key, label, value }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
