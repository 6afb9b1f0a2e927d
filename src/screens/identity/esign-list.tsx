import { Button } from 'antd';
import type { EsignDocument } from '../../api/identity';
import { text } from '../../text/format';

export interface EsignListProps {
  documents: readonly EsignDocument[];
  failed: ReadonlySet<string>;
  /** The document being signed now. */
  signing: string | null;
  /** The widget is ready and nothing else is running. */
  canSign: boolean;
  copy: Record<string, string>;
  onSign: (document: EsignDocument) => void;
}

type RowState = 'signed' | 'failed' | 'pending';

/** The documents with a checkmark once signed; only the first unsigned one can be signed (one by one). */
export function EsignList({ documents, failed, signing, canSign, copy, onSign }: EsignListProps) {
  const next = documents.find((document) => !document.signed)?.name;
  return (
    <ul className="esign-list" aria-label={copy.listTitle}>
      {documents.map((document) => {
        const state: RowState = document.signed ? 'signed' : failed.has(document.name) ? 'failed' : 'pending';
        return (
          <li key={document.name} className="esign-item" data-state={state}>
            <span className="esign-mark" aria-hidden="true">
              {state === 'signed' ? '✓' : state === 'failed' ? '!' : ''}
            </span>
            <span className="esign-name">
              <strong>{document.name}</strong>
              <span className="esign-status">{text(copy, `status.${state}`)}</span>
            </span>
            {document.signed ? null : (
              <Button
                type={document.name === next ? 'primary' : 'default'}
                disabled={!canSign || document.name !== next}
                loading={signing === document.name}
                onClick={() => onSign(document)}
              >
                {text(copy, state === 'failed' ? 'retry' : 'sign')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
