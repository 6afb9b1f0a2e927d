import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { describedBy, errorsVisible, formText, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import './declarations.css';

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function readLink(value: unknown): { text: string; url: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { text, url } = value as Record<string, unknown>;
  return typeof text === 'string' && typeof url === 'string' ? { text, url } : undefined;
}

/**
 * An agreement to a list of declarations: the first few, Show More / Show Less for the rest, one box the applicant
 * ticks. With a `heading` it is a disclosure to read first (SEBI's risk disclosure): heading, items, source and link,
 * then the box; without one the box leads, as 'I agree to the other options below' does.
 */
export function DeclarationsWidget(props: StepWidgetProps) {
  const { id, value, label, options, disabled, readonly, onChange, onBlur, registry, rawErrors, schema } = props;
  const [expanded, setExpanded] = useState(false);
  const items = texts(options.items);
  const visible = typeof options.visible === 'number' ? options.visible : 2;
  const shown = expanded ? items : items.slice(0, visible);
  const listId = `${id}-items`;
  const title = textOf(options.heading);
  const source = textOf(options.source);
  const link = readLink(options.link);
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const box = (
    <Checkbox
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => {
        // Unticked is no answer at all: the schema asks for true, and Next says so.
        const next = event.target.checked ? true : undefined;
        onChange(next);
        onBlur(id, next);
      }}
    >
      {label}
    </Checkbox>
  );
  return (
    <section className={`declarations${title ? ' declarations-disclosure' : ''}`} aria-label={title ?? label}>
      {title ? null : box}
      {title ? <h2 className="declarations-title">{title}</h2> : null}
      <ul id={listId} className="declarations-items">
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {items.length > visible ? (
        <Button type="link" className="declarations-more" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)}>
          {formText(registry.formContext, expanded ? 'showLess' : 'showMore')}
        </Button>
      ) : null}
      {source ? <p className="declarations-source">{source}</p> : null}
      {link ? (
        <a className="declarations-link" href={link.url} target="_blank" rel="noreferrer">
          {link.text}
        </a>
      ) : null}
      {title ? box : null}
    </section>
  );
}
