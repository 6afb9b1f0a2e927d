import { isFormPage, type SkipDeclaration } from '../../core/engine/config-types';
import { findStep } from '../../core/engine/flow';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { LanguageTexts } from '../platform/texts';

/** The flow, and the pages in the language the applicant read them in: a declaration is stored in their words. */
type Declaring = { flow: FlowConfig } & Pick<LanguageTexts, 'pages'>;

/** The field of a skipped step's answers that holds the declaration made by skipping (its time under declaredAt). */
export const skipDeclarationField = 'skipDeclaration';

/** The declaration Skip makes on the step's page, when its config gives one (the nominee opt-out). */
export function skipDeclarationOf(ctx: Declaring, stepId: string): SkipDeclaration | undefined {
  for (const route of findStep(ctx.flow, stepId)?.routes ?? []) {
    const page = ctx.pages[route];
    if (page && isFormPage(page) && page.form.skip?.declaration) return page.form.skip.declaration;
  }
  return undefined;
}

/** What a skipped step stores: that it was skipped, and the declaration the applicant made by skipping, word for word. */
export function skippedAnswers(ctx: Declaring, stepId: string): { answers: StepAnswers; declared: string[] } {
  const declaration = skipDeclarationOf(ctx, stepId);
  if (!declaration) return { answers: { skipped: true }, declared: [] };
  return { answers: { skipped: true, [skipDeclarationField]: { title: declaration.title, text: declaration.text } }, declared: [skipDeclarationField] };
}
