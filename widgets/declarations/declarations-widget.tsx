import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { formText, type StepWidgetProps } from '../../src/renderer/public-api';
import './declarations.css';

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** An agreement to a list of declarations: the first few, Show More / Show Less for the rest, one box. */
export function DeclarationsWidget({ id, value, label, options, disabled, readonly, onChange, registry }: StepWidgetProps) {
  const [expanded, setExpanded] = useState(false);
  const items = texts(options.items);
  const visible = typeof options.visible === 'number' ? options.visible : 2;
  const shown = expanded ? items : items.slice(0, visible);
  const listId = `${id}-items`;
  return (
    <section className="declarations" aria-label={label}>
      <Checkbox id={id} checked={value === true} disabled={disabled || readonly} onChange={(event) => onChange(event.target.checked)}>
        {label}
      </Checkbox>
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
    </section>
  );
}
