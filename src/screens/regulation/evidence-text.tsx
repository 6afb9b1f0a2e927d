import { numberedItems } from '../../../core/engine/evidence-texts';
import { text } from '../../text/format';
import './regulation.css';

export interface EvidenceTextProps {
  copy: Record<string, string>;
  options: Record<string, unknown> | undefined;
  /** The heading level of its title: 1 on its own page, 2 inside another page. */
  level: 1 | 2;
  /** Its id; its title's is `<id>-title` (a region around it is named by that). */
  id: string;
}

const referencesOf = (options: Record<string, unknown> | undefined): string[] =>
  Array.isArray(options?.references) ? options.references.filter((item): item is string => typeof item === 'string') : [];

/** The source line with each {refN} as the circular's number, marked as a code that is not translated. */
function Source({ source, references }: { source: string; references: string[] }) {
  const parts = source.split(/(\{ref[0-9]+\})/);
  return (
    <p className="evidence-source">
      {parts.map((part, index) => {
        const match = /^\{ref([0-9]+)\}$/.exec(part);
        const reference = match ? references[Number(match[1]) - 1] : undefined;
        return reference ? (
          <span key={index} lang="en" translate="no" className="evidence-reference">
            {reference}
          </span>
        ) : (
          part
        );
      })}
    </p>
  );
}

/** An evidence text (the MITC): its title, its source circulars, its version and its numbered terms, exactly as configured. */
export function EvidenceText({ copy, options, level, id }: EvidenceTextProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const version = typeof options?.version === 'string' ? options.version : '';
  return (
    <div className="evidence-text" id={id}>
      <Heading id={`${id}-title`}>{text(copy, 'title')}</Heading>
      {copy.subtitle ? <p className="evidence-subtitle">{copy.subtitle}</p> : null}
      {copy.source ? <Source source={copy.source} references={referencesOf(options)} /> : null}
      {version && copy.version ? <p className="evidence-version">{text(copy, 'version', { version })}</p> : null}
      <ol className="evidence-items" aria-label={copy.itemsLabel}>
        {numberedItems(copy).map((item) => (
          <li key={item.key}>{item.text}</li>
        ))}
      </ol>
    </div>
  );
}
