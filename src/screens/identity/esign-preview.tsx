import { Button } from 'antd';
import { type SyntheticEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { EsignPreview as Preview, EsignPreviewRow, EsignPreviewSection } from '../../../core/api/types';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { getEsignPreview } from '../../api/identity';
import { currentLanguage, subscribeLanguage } from '../../config/language';
import { FormAlert } from '../../ui/form-alert';
import { Spinner } from '../../ui/spinner';

/** A section's rows, each list item (a nominee) under its own heading. */
function byGroup(rows: EsignPreviewRow[]): { group?: string; rows: EsignPreviewRow[] }[] {
  const parts: { group?: string; rows: EsignPreviewRow[] }[] = [];
  for (const row of rows) {
    const last = parts[parts.length - 1];
    if (last && last.group === row.group) last.rows.push(row);
    else parts.push({ ...(row.group ? { group: row.group } : {}), rows: [row] });
  }
  return parts;
}

function Rows({ rows }: { rows: EsignPreviewRow[] }) {
  return (
    <dl>
      {rows.map(({ label, value }, index) => (
        <div key={`${index}-${label}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ section }: { section: EsignPreviewSection }) {
  return (
    <details className="esign-preview-section">
      <summary>{section.title}</summary>
      {byGroup(section.rows).map((part, index) =>
        part.group ? (
          <section key={`${index}-${part.group}`} className="esign-preview-group" aria-label={part.group}>
            <h2>{part.group}</h2>
            <Rows rows={part.rows} />
          </section>
        ) : (
          <Rows key={index} rows={part.rows} />
        ),
      )}
    </details>
  );
}

/**
 * Before signing: every section of the account opening form as the server holds it (GET /user/esign-preview), under
 * the labels the applicant saw, in their language; read when the applicant opens the disclosure, each section a
 * disclosure of its own so a phone shows one at a time.
 */
export function EsignPreview({ copy, fallback, retry }: { copy: Record<string, string>; fallback: string; retry: string }) {
  const api = useApi();
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  const [preview, setPreview] = useState<{ language: string; sections: Preview['sections'] } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState(false);
  const loading = useRef(false);

  const load = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    setError(undefined);
    try {
      const { sections } = await getEsignPreview(api);
      setPreview({ language, sections });
    } catch (failure) {
      setError(errorText(failure, copy.previewFailed ?? fallback));
    } finally {
      loading.current = false;
    }
  }, [api, copy.previewFailed, fallback, language]);

  const current = preview?.language === language ? preview.sections : undefined;
  // Read once opened, and again in a language switched to while open.
  useEffect(() => {
    if (open && !current && !error) void load();
  }, [open, current, error, load]);

  if (!copy.previewTitle) return null;
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);
  return (
    <details className="esign-preview" onToggle={onToggle}>
      <summary>{copy.previewTitle}</summary>
      {copy.previewNote ? <p className="esign-preview-note">{copy.previewNote}</p> : null}
      {current ? (
        current.map((section) => <Section key={section.title} section={section} />)
      ) : error ? (
        <>
          <FormAlert>{error}</FormAlert>
          <Button onClick={() => void load()}>{retry}</Button>
        </>
      ) : open ? (
        <Spinner />
      ) : null}
    </details>
  );
}
