import type { ReactNode } from 'react';
import type { OpsDocument, OpsNameMatch, OpsStepAnswers } from '../../core/api/types';
import { when } from './ops-format';
import { t, tOf } from './ops-texts';

interface AnswersListProps {
  answers: OpsStepAnswers[];
  documents: OpsDocument[];
  /** What else the reviewer reads with a step's answers, by step id (the income summary beside the income proof). */
  besides?: Readonly<Record<string, ReactNode>>;
}

/** Every step's answers as the forms label them, in flow order; a document's id shows as what the document is. */
export function AnswersList({ answers, documents, besides = {} }: AnswersListProps) {
  const shown = (value: string) => {
    const document = documents.find((item) => item.id === value);
    return document ? t('documentAnswer', { label: document.label, at: when(document.uploadedAt) }) : value;
  };
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title">{t('answersTitle')}</h2>
      {answers.length === 0 ? <p>{t('noAnswers')}</p> : null}
      {answers.map((step) => (
        <section key={step.step} className="ops-answers" aria-labelledby={`answers-${step.step}`}>
          <h3 id={`answers-${step.step}`}>{step.title}</h3>
          {step.answers.length > 0 ? (
            <dl>
              {step.answers.map((answer) => (
                <div key={answer.field + answer.label}>
                  <dt>{answer.label}</dt>
                  <dd>{shown(answer.value)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
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
