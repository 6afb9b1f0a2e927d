import type { StepAnswers } from '../platform/repositories/step-store';
import type { StepValidators } from '../validation/step-validators';

/**
 * A declaration is the applicant's own act, stored with its time: fields a step-data schema marks `"x-consent": true`
 * get their time under this key of the stored answers (field → ISO time). The key is the server's: the user record
 * never shows it (applicant/user-details.ts), the data export and the eSigned forms do.
 */
export const declaredAtKey = 'declaredAt';

type Properties = Record<string, { 'x-consent'?: unknown } | undefined>;

/** The fields `schemaId` marks as the applicant's own declarations. */
export function consentFields(validators: StepValidators, schemaId: string | undefined): string[] {
  const properties = ((schemaId ? validators[schemaId]?.schema : undefined) as { properties?: Properties } | undefined)?.properties ?? {};
  return Object.entries(properties).flatMap(([field, schema]) => (schema?.['x-consent'] === true ? [field] : []));
}

function timesOf(answers: StepAnswers | undefined): Record<string, string> {
  const value = answers?.[declaredAtKey];
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, string>) } : {};
}

/**
 * `answers` with the time of each declaration among them: now for a new or changed answer; the time it was first
 * given when the same answer is sent again (a page submitted twice does not move the act).
 */
export function withDeclaredAt(fields: readonly string[], previous: StepAnswers | undefined, answers: StepAnswers, now: number): StepAnswers {
  const before = timesOf(previous);
  const times: Record<string, string> = {};
  for (const field of fields) {
    if (answers[field] === undefined) continue;
    const unchanged = previous?.[field] === answers[field] && before[field];
    times[field] = unchanged ? before[field]! : new Date(now).toISOString();
  }
  const { [declaredAtKey]: _sent, ...rest } = answers;
  return Object.keys(times).length > 0 ? { ...rest, [declaredAtKey]: times } : rest;
}

/** When `field` was declared in a step's stored answers, or undefined. */
export function declaredAt(answers: StepAnswers | undefined, field: string): string | undefined {
  return timesOf(answers)[field];
}
