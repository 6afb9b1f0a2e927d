import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import type { Declarations } from './options';

/** The other-option declarations: the first few, Show More / Show Less for the rest, and one agreement box. */
export function DeclarationsList({
  declarations,
  agreed,
  onAgree,
  disabled,
}: {
  declarations: Declarations;
  agreed: boolean;
  onAgree: (value: boolean) => void;
  disabled: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const { items, visible } = declarations;
  const shown = expanded ? items : items.slice(0, visible);
  return (
    <section className="pd-declarations" aria-label={declarations.label}>
      <Checkbox checked={agreed} disabled={disabled} onChange={(event) => onAgree(event.target.checked)}>
        {declarations.label}
      </Checkbox>
      <ul id="pd-declaration-items" className="pd-declaration-items">
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {items.length > visible ? (
        <Button
          type="link"
          className="pd-more"
          aria-expanded={expanded}
          aria-controls="pd-declaration-items"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? declarations.showLess : declarations.showMore}
        </Button>
      ) : null}
    </section>
  );
}
