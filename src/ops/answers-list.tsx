import type { ReactNode } from 'react';
import type { OpsAnswer, OpsDocument, OpsNameMatch, OpsStepAnswers } from '../../core/api/types';
import { AnswerChanges } from './answer-changes';
import { DocumentView } from './document-view';
import { when } from './ops-format';
import { t, tOf } from './ops-texts';

interface AnswersListProps {
  answers: OpsStepAnswers[];
  documents: OpsDocument[];
  /** What else the reviewer reads with a step's answers, by step id (the income summary beside the income proof). */
  besides?: Readonly<Record<string, ReactNode>>;
}

/** A step's answers split into its own and each list item's (a nominee), in order. */
function sections(answers: OpsAnswer[]): { group: string | null; answers: OpsAnswer[] }[] {
  const out: { group: string | null; answers: OpsAnswer[] }[] = [];
  for (const answer of answers) {
    const group = answer.group ?? null;
    const last = out.at(-1);
    if (last && last.group === group) last.answers.push(answer);
    else out.push({ group, answers: [answer] });
  }
  return out;
}

/** The documents a list item's answers show in place (each nominee's proof under that nominee). */
export function documentsShownInAnswers(answers: OpsStepAnswers[], documents: OpsDocument[]): Set<string> {
  const ids = new Set(answers.flatMap((step) => step.answers.filter((answer) => answer.group).map((answer) => answer.value)));
  return new Set(documents.filter((document) => ids.has(document.id)).map((document) => document.id));
}

function AnswerRows({ answers, documents, group }: { answers: OpsAnswer[]; documents: OpsDocument[]; group: string | null }) {
  const prefix = group ? `${group} › ` : '';
  const documentOf = (value: string) => documents.find((item) => item.id === value);
  const rows = answers.filter((answer) => !(group && documentOf(answer.value)));
  const own = group ? answers.map((answer) => documentOf(answer.value)).filter((document) => document !== undefined) : [];
  return (
    <>
      <dl>
        {rows.map((answer) => {
          const document = documentOf(answer.value);
          return (
            <div key={answer.field + answer.label}>
              <dt>{answer.label.startsWith(prefix) ? answer.label.slice(prefix.length) : answer.label}</dt>
              <dd>{document ? t('documentAnswer', { label: document.label, at: when(document.uploadedAt) }) : answer.value}</dd>
            </div>
          );
        })}
      </dl>
      {own.map((document) => (
        <DocumentView key={document.id} document={document} />
      ))}
    </>
  );
}

/** Every step's answers as the forms label them, in flow order; a list item (a nominee) under its own heading with its proof. */
export function AnswersList({ answers, documents, besides = {} }: AnswersListProps) {
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title">{t('answersTitle')}</h2>
      {answers.length === 0 ? <p>{t('noAnswers')}</p> : null}
      {answers.map((step) => (
        <section key={step.step} className={`ops-answers${step.changedAt ? ' ops-changed' : ''}`} aria-labelledby={`answers-${step.step}`}>
          <h3 id={`answers-${step.step}`}>{step.title}</h3>
          {step.changedAt ? <p className="ops-badge ops-badge-changed">{t('changedSinceReview', { at: when(step.changedAt) })}</p> : null}
          {step.changes ? <AnswerChanges stepId={step.step} changes={step.changes} documents={documents} /> : null}
          {sections(step.answers).map(({ group, answers: rows }, index) =>
            group ? (
              <section key={group} className="ops-answer-group" aria-label={group}>
                <h4>{group}</h4>
                <AnswerRows answers={rows} documents={documents} group={group} />
              </section>
            ) : (
              <AnswerRows key={`own-${index}`} answers={rows} documents={documents} group={null} />
            ),
          )}
          {besides[step.step]}
        </section>
      ))}
    </section>
  );
}

/** The PAN name beside the bank's account holder and Aadhaar's name. */
export function NameMatches({ panName, matches }: { panName: string | null; matches: OpsNameMatch[] }) {
  return (
    <section aria-labelledby="name-match-title">
      <h2 id="name-match-title">{t('nameMatchTitle')}</h2>
      {panName ? <p>{t('nameMatchPan', { name: panName })}</p> : null}
      {matches.length === 0 ? (
        <p>{t('noNameMatch')}</p>
      ) : (
        <ul className="ops-matches">
          {matches.map((match) => (
            <li key={match.source} className={match.matches ? 'ops-match' : 'ops-mismatch'}>
              <span>{tOf('nameMatchSource', match.source)}</span> <strong>{match.name}</strong>{' '}
              <span className="ops-badge">{match.matches ? t('matches') : t('doesNotMatch')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
