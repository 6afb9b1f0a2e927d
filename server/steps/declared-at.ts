import type { StepAnswers } from '../platform/repositories/step-store';
import type { StepValidators } from '../validation/step-validators';

/**
 * A declaration is the applicant's own act, stored with its time: fields a step-data schema marks `"x-consent": true`
 * get their time under this key of the stored answers (field → ISO time). The key is the server's: the user record
 * never shows it (applicant/user-details.ts), the data export and the eSigned forms do.
 */
export const declaredAtKey = 'declaredAt';

/**
 * Beside each declaration's time, what it was declared to (issue 29): the config release the applicant is pinned to,
 * the language the page was shown in, and the SHA-256 of the words shown (core/engine/declaration-words.ts). The
 * words themselves stay in the release, which is never changed: the back office and the data export read them there.
 */
export const declaredTextKey = 'declaredText';

/** The keys of a step's stored answers the server writes: never the applicant's answers, never on the user record. */
export const serverAnswerKeys: readonly string[] = [declaredAtKey, declaredTextKey];

export interface DeclarationEvidence {
  /** The config release number; null for an application from before releases. */
  release: number | null;
  language: string;
  textSha256: string;
}

type Properties = Record<string, { 'x-consent'?: unknown } | undefined>;

/** The fields `schemaId` marks as the applicant's own declarations. */
export function consentFields(validators: StepValidators, schemaId: string | undefined): string[] {
  const properties = ((schemaId ? validators[schemaId]?.schema : undefined) as { properties?: Properties } | undefined)?.properties ?? {};
  return Object.entries(properties).flatMap(([field, schema]) => (schema?.['x-consent'] === true ? [field] : []));
}

function underKey<T>(answers: StepAnswers | undefined, key: string): Record<string, T> {
  const value = answers?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, T>) } : {};
}

/** When each declaration in a step's stored answers was made (ISO), by field. */
export const declaredTimes = (answers: StepAnswers | undefined) => underKey<string>(answers, declaredAtKey);

/** What each declaration in a step's stored answers was declared to, by field. */
export const evidenceOf = (answers: StepAnswers | undefined) => underKey<DeclarationEvidence>(answers, declaredTextKey);

/**
 * `answers` with the time of each declaration among them, and what it was declared to (`evidence`, by field): now
 * and the words shown now for a new or changed answer; the first time and its words when the same answer is sent
 * again (a page submitted twice does not move the act).
 */
export function withDeclaredAt(
  fields: readonly string[],
  previous: StepAnswers | undefined,
  answers: StepAnswers,
  now: number,
  evidence: Readonly<Record<string, DeclarationEvidence>> = {},
): StepAnswers {
  const before = declaredTimes(previous);
  const beforeEvidence = evidenceOf(previous);
  const times: Record<string, string> = {};
  const texts: Record<string, DeclarationEvidence> = {};
  for (const field of fields) {
    if (answers[field] === undefined) continue;
    const unchanged = previous?.[field] === answers[field] && before[field];
    times[field] = unchanged ? before[field]! : new Date(now).toISOString();
    const shown = unchanged ? (beforeEvidence[field] ?? evidence[field]) : evidence[field];
    if (shown) texts[field] = shown;
  }
  const { [declaredAtKey]: _sent, [declaredTextKey]: _sentText, ...rest } = answers;
  return {
    ...rest,
    ...(Object.keys(times).length > 0 ? { [declaredAtKey]: times } : {}),
    ...(Object.keys(texts).length > 0 ? { [declaredTextKey]: texts } : {}),
  };
}

/** When `field` was declared in a step's stored answers, or undefined. */
export function declaredAt(answers: StepAnswers | undefined, field: string): string | undefined {
  return declaredTimes(answers)[field];
}
