import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { text } from '../../text/format';
import { DeclarationsList } from './declarations-list';
import type { SegmentRule, SegmentsStep } from './options';
import { brokenRule, listAnswer, toggleSegment } from './questions';
import { RuleWarning } from './rule-warning';
import type { StepViewProps } from './step-view';

/** Segment choice (locked ones stay on), charges, declarations; a broken rule opens its warning. */
export function SegmentsStepView({ step, wizard, copy, titleId, onNext, busy, onReselect }: StepViewProps<SegmentsStep>) {
  const [warning, setWarning] = useState<SegmentRule>();
  const selected = listAnswer(wizard.answers, step.field);
  const declarations = step.declarations;

  const toggle = (value: string) => {
    const segments = toggleSegment(step, selected, value);
    wizard.answer(step.field, segments);
    if (!selected.includes(value)) setWarning(brokenRule(step, { ...wizard.answers, [step.field]: segments }));
  };
  const next = () => {
    const rule = brokenRule(step, wizard.answers);
    if (rule) setWarning(rule);
    else onNext();
  };
  const remove = (rule: SegmentRule) => {
    wizard.answer(step.field, selected.filter((value) => value !== rule.segment));
    setWarning(undefined);
  };
  const reselect = (rule: SegmentRule) => {
    setWarning(undefined);
    onReselect(rule);
  };

  return (
    <>
      <div className="pd-segments" role="group" aria-labelledby={titleId}>
        {step.segments.map((segment) => {
          const note = [segment.exchanges, segment.locked ? step.lockedNote : undefined].filter(Boolean).join(' · ');
          const noteId = `pd-segment-${segment.value}-note`;
          return (
            <Checkbox
              key={segment.value}
              className={segment.locked ? 'pd-segment pd-segment-locked' : 'pd-segment'}
              checked={selected.includes(segment.value)}
              disabled={busy || segment.locked}
              aria-describedby={note ? noteId : undefined}
              onChange={() => toggle(segment.value)}
            >
              <span className="pd-segment-label">{segment.label}</span>
              {note ? (
                <span id={noteId} className="pd-segment-note">
                  {note}
                </span>
              ) : null}
            </Checkbox>
          );
        })}
      </div>
      <aside className="pd-charges">
        <strong>{step.charges.title}</strong>
        <span>{step.charges.text}</span>
        <a href={step.charges.learnMoreUrl} target="_blank" rel="noreferrer">
          {step.charges.learnMore}
        </a>
      </aside>
      {declarations ? (
        <DeclarationsList
          declarations={declarations}
          agreed={wizard.answers[declarations.field] === true}
          onAgree={(value) => wizard.answer(declarations.field, value)}
          disabled={busy}
        />
      ) : null}
      <Button type="primary" size="large" block onClick={next} disabled={selected.length === 0} loading={busy}>
        {text(copy, 'next')}
      </Button>
      {warning ? <RuleWarning rule={warning} onReselect={reselect} onRemove={remove} /> : null}
    </>
  );
}
