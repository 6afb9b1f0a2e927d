import type { OpsAnswer, OpsAnswerChange, OpsStepAnswers } from '../../../core/api/types';

/**
 * An answer's place across two versions of a step: its field and which occurrence of it (the second nominee's first
 * name is `nominees.firstName#1`), so a renamed nominee's other answers still pair with their earlier selves.
 */
function keyed(answers: readonly OpsAnswer[]): Map<string, OpsAnswer> {
  const seen = new Map<string, number>();
  const out = new Map<string, OpsAnswer>();
  for (const answer of answers) {
    const count = seen.get(answer.field) ?? 0;
    seen.set(answer.field, count + 1);
    out.set(`${answer.field}#${count}`, answer);
  }
  return out;
}

/**
 * What changed between a step's labelled answers at the last decision and now, in the order the form asks them
 * (answers gone since come last); `isDocument` tells a document's id, which the console shows as the document.
 */
export function answerChanges(before: readonly OpsAnswer[], after: readonly OpsAnswer[], isDocument: (value: string) => boolean): OpsAnswerChange[] {
  const was = keyed(before);
  const now = keyed(after);
  const changes: OpsAnswerChange[] = [];
  const add = (key: string, shown: OpsAnswer) => {
    const old = was.get(key)?.value;
    const current = now.get(key)?.value;
    if (old === current) return;
    const document = [old, current].some((value) => value !== undefined && isDocument(value));
    changes.push({
      field: shown.field,
      label: shown.label,
      ...(shown.group ? { group: shown.group } : {}),
      ...(old !== undefined ? { before: old } : {}),
      ...(current !== undefined ? { after: current } : {}),
      ...(document ? { document: true } : {}),
    });
  };
  for (const [key, answer] of now) add(key, answer);
  for (const [key, answer] of was) if (!now.has(key)) add(key, answer);
  return changes;
}

/** Each step saved since the last decision with its field-by-field changes, where that decision's answers were kept. */
export function withChanges(
  current: readonly OpsStepAnswers[],
  reviewed: readonly OpsStepAnswers[],
  isDocument: (value: string) => boolean,
): OpsStepAnswers[] {
  const earlier = new Map(reviewed.map((entry) => [entry.step, entry.answers]));
  return current.map((entry) => {
    if (!entry.changedAt) return entry;
    const changes = answerChanges(earlier.get(entry.step) ?? [], entry.answers, isDocument);
    return changes.length > 0 ? { ...entry, changes } : entry;
  });
}
