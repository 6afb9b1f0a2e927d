import type { RJSFValidationError } from '@rjsf/utils';

/**
 * ajv-errors reports `errorMessage.required` messages on the parent object, where rjsf would show them above
 * the form. Move each to the field that is missing (one copy per field), and drop exact duplicates.
 */
export function placeErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const seen = new Set<string>();
  const placed: RJSFValidationError[] = [];
  // An if/then rule's own 'must match "then" schema' says nothing; the then-branch carries the message.
  for (const error of errors.filter((e) => e.name !== 'if')) {
    const missing = error.name === 'errorMessage' ? missingProperties(error.params) : [];
    const copies = missing.length
      ? missing.map((name) => ({ ...error, property: error.property ? `${error.property}.${name}` : name }))
      : [error];
    for (const copy of copies) {
      const key = `${copy.property ?? ''}\u0000${copy.message ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      placed.push(copy);
    }
  }
  return placed;
}

/** The `missingProperty` of each original `required` error that ajv-errors wrapped. */
function missingProperties(params: unknown): string[] {
  if (!params || typeof params !== 'object' || !('errors' in params) || !Array.isArray(params.errors)) return [];
  return params.errors.flatMap((inner: unknown) => {
    if (!inner || typeof inner !== 'object' || !('params' in inner)) return [];
    const p: unknown = inner.params;
    const name = p && typeof p === 'object' && 'missingProperty' in p ? p.missingProperty : undefined;
    return typeof name === 'string' ? [name] : [];
  });
}
