import type { SkipDeclaration } from '../../core/engine/config-types';

export type OptOutMethod = 'esign' | 'otp';

/** The field of the skipped step's document that says how the opt-out was verified. */
export const optOutVerifiedField = 'optOutVerifiedBy';

export function optOutMethod(declaration: SkipDeclaration | undefined): OptOutMethod {
  return declaration?.verify === 'otp' ? 'otp' : 'esign';
}
