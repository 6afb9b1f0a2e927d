import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OpsDocument, OpsDocumentPassword } from '../../core/api/types';
import type { OpsClient } from './ops-client';
import { fileType, size, when } from './ops-format';
import { t } from './ops-texts';

/** Object URLs of the documents fetched on this page: each is fetched (and audited) once, and released on leaving. */
type DocumentCache = (document: OpsDocument) => Promise<string>;
const CacheContext = createContext<DocumentCache | null>(null);
const ClientContext = createContext<OpsClient | null>(null);

export function DocumentCacheProvider({ client, children }: { client: OpsClient; children: ReactNode }) {
  const [urls] = useState(() => new Map<string, Promise<string>>());
  useEffect(() => () => urls.forEach((url) => void url.then(URL.revokeObjectURL, () => undefined)), [urls]);
  const cache = useMemo<DocumentCache>(
    () => (document) => {
      let url = urls.get(document.id);
      if (!url) {
        url = client.blob(`/documents/${document.id}`).then((blob) => URL.createObjectURL(blob));
        url.catch(() => urls.delete(document.id));
        urls.set(document.id, url);
      }
      return url;
    },
    [client, urls],
  );
  return (
    <ClientContext value={client}>
      <CacheContext value={cache}>{children}</CacheContext>
    </ClientContext>
  );
}

function useCache(): DocumentCache {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('document views need a <DocumentCacheProvider>');
  return cache;
}

const isImage = (document: OpsDocument) => document.contentType.startsWith('image/');
const meta = (document: OpsDocument) => t('documentMeta', { type: fileType(document.contentType), size: size(document.size), at: when(document.uploadedAt) });

/** Marks a file the applicant uploaded after the last review decision. */
function NewBadge({ document }: { document: OpsDocument }) {
  return document.newSinceReview ? <span className="ops-badge ops-badge-changed">{t('newSinceReview')}</span> : null;
}

/** An image shown as it is; anything else (a PDF, a DOCX) offered as a download. */
export function DocumentView({ document }: { document: OpsDocument }) {
  return isImage(document) ? <DocumentImage document={document} /> : <DocumentDownload document={document} />;
}

export function DocumentImage({ document }: { document: OpsDocument }) {
  const cache = useCache();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    cache(document).then(
      (loaded) => current && setUrl(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [cache, document]);
  return (
    <figure className="ops-document">
      <div className="ops-document-frame">
        {url ? <img src={url} alt={document.label} /> : failed ? <p role="alert">{t('documentLoadFailed')}</p> : <p role="status">{t('loading')}</p>}
      </div>
      <figcaption>
        <strong>{document.label}</strong> <NewBadge document={document} /> <span>{meta(document)}</span>
        {document.step === null ? <em>{t('unlinkedDocument')}</em> : null}
      </figcaption>
    </figure>
  );
}

/** An encrypted PDF's kept password, read on the reviewer's click (each read audited), shown beside its download. */
function PasswordReveal({ document }: { document: OpsDocument }) {
  const client = useContext(ClientContext);
  const [password, setPassword] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  if (!document.passwordKept || !client) return null;
  const reveal = async () => {
    try {
      setPassword((await client.post<OpsDocumentPassword>(`/documents/${document.id}/password`)).password);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="ops-password">
      <p>{t('passwordHint')}</p>
      {password === null ? (
        <button type="button" className="ops-button ops-button-quiet" onClick={() => void reveal()}>
          {t('showPassword', { label: document.label })}
        </button>
      ) : (
        <p aria-live="polite">{t('passwordShown', { password })}</p>
      )}
      {failed ? <p role="alert">{t('documentLoadFailed')}</p> : null}
    </div>
  );
}

function DocumentDownload({ document }: { document: OpsDocument }) {
  const cache = useCache();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    try {
      const anchor = Object.assign(window.document.createElement('a'), {
        href: await cache(document),
        download: `${document.label.toLowerCase().replace(/\W+/g, '_')}.${document.contentType === 'application/pdf' ? 'pdf' : 'bin'}`,
      });
      anchor.click();
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="ops-document ops-document-file">
      <button type="button" className="ops-button ops-button-quiet" onClick={() => void download()}>
        {t('download', { label: document.label })}
      </button>
      <NewBadge document={document} />
      <span>{meta(document)}</span>
      {document.step === null ? <em>{t('unlinkedDocument')}</em> : null}
      <PasswordReveal document={document} />
      {failed ? <p role="alert">{t('documentLoadFailed')}</p> : null}
    </div>
  );
}
