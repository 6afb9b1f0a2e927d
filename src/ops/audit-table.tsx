import type { OpsAuditEntry, OpsDocument } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { stepTitle, when } from './ops-format';
import { t, tOf } from './ops-texts';

/**
 * The document views of one page open: one reviewer's views with no more than this between one and the next, and no
 * document twice (the page fetches each once: a second view of one is the next open, a reload).
 */
const pageOpenGapMs = 5 * 60_000;
const viewed = 'document_viewed';

interface PageOpen {
  at: string;
  actor: string;
  documents: string[];
}

interface OpenGroup extends PageOpen {
  last: number;
  ids: Set<string>;
}

const documentIdAtEnd = /\s+([0-9a-f-]{36})$/i;

/** A viewed document's name: the audit note is '<kind label> <id>'; the page's own label when it lists the document ('Nominee proof: Asha Rao'). */
function viewedLabel(note: string, documents: readonly OpsDocument[]): string {
  const id = documentIdAtEnd.exec(note)?.[1];
  return documents.find((document) => document.id === id)?.label ?? note.replace(documentIdAtEnd, '');
}

/** Each reviewer's document views folded into one line per page open, newest first. */
export function pageOpens(entries: OpsAuditEntry[], documents: readonly OpsDocument[] = []): PageOpen[] {
  const opens: OpenGroup[] = [];
  for (const entry of entries.filter((item) => item.action === viewed)) {
    const at = Date.parse(entry.at);
    const note = entry.note ?? '';
    const open = opens.findLast((item) => item.actor === entry.actor);
    if (open && at - open.last <= pageOpenGapMs && !open.ids.has(note)) {
      open.documents.push(viewedLabel(note, documents));
      open.ids.add(note);
      open.last = at;
    } else {
      opens.push({ at: entry.at, actor: entry.actor, documents: [viewedLabel(note, documents)], last: at, ids: new Set([note]) });
    }
  }
  return opens.reverse().map(({ at, actor, documents }) => ({ at, actor, documents }));
}

/** Who did what, when: decisions first, then emails and password reads (newest first in each), then document views, one line per page open. */
export function AuditTable({ entries, documents }: { entries: OpsAuditEntry[]; documents: readonly OpsDocument[] }) {
  const { flow } = useConfig();
  // Decisions (and re-KYC links) first, then what followed them (emails, password reads); newest first in each.
  const isDecision = (entry: OpsAuditEntry) => entry.action in flow.review.decisions || entry.action === 'rekyc';
  const rows = entries.filter((entry) => entry.action !== viewed).reverse();
  const decisions = [...rows.filter(isDecision), ...rows.filter((entry) => !isDecision(entry))];
  const opens = pageOpens(entries, documents);
  const details = (entry: OpsAuditEntry) =>
    [
      entry.fromStep !== entry.toStep && entry.toStep ? `${stepTitle(flow, entry.fromStep)} → ${stepTitle(flow, entry.toStep)}` : '',
      ...Object.entries(entry.reasons ?? {}).map(([step, reason]) => `${stepTitle(flow, step)}: ${reason}`),
      entry.note ?? '',
    ]
      .filter(Boolean)
      .join('; ');
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('auditTitle')}</h2>
      {decisions.length === 0 ? (
        <p>{t('auditEmpty')}</p>
      ) : (
        <table className="ops-table ops-stack ops-audit">
          <thead>
            <tr>
              <th scope="col">{t('columnWhen')}</th>
              <th scope="col">{t('columnWho')}</th>
              <th scope="col">{t('columnWhat')}</th>
              <th scope="col">{t('columnDetails')}</th>
            </tr>
          </thead>
          <tbody>
            {decisions.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td data-label={t('columnWhen')}>{when(entry.at)}</td>
                <td data-label={t('columnWho')}>{entry.actor}</td>
                <td data-label={t('columnWhat')}>{tOf('audit', entry.action)}</td>
                <td data-label={t('columnDetails')}>{details(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 id="audit-views-title">{t('auditViewsTitle')}</h3>
      {opens.length === 0 ? (
        <p>{t('auditViewsEmpty')}</p>
      ) : (
        <ul className="ops-views" aria-labelledby="audit-views-title">
          {opens.map((open) => (
            <li key={`${open.at}-${open.actor}`}>
              <details>
                <summary>
                  {t(open.documents.length === 1 ? 'auditViewsLineOne' : 'auditViewsLine', { at: when(open.at), actor: open.actor, count: open.documents.length })}
                </summary>
                <p>{open.documents.join(', ')}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
