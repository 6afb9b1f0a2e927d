// Pure data (no React, no api code): every submit effect's definition, and the names flow-config may write as a
// form's "effect", derived from them. The config check runs in Node on this file; registry.ts loads the code.
import { confirmPanEffect } from './confirm-pan.effect';
import { declareIncomeEffect } from './declare-income.effect';
import { reuploadDocumentEffect } from './reupload-document.effect';
import { saveBankDetailsEffect } from './save-bank-details.effect';
import { saveModificationDetailsEffect } from './save-modification-details.effect';
import { saveNomineesEffect } from './save-nominees.effect';
import { savePersonalDetailsEffect } from './save-personal-details.effect';
import { saveStepEffect } from './save-step.effect';
import { signDeclarationEffect } from './sign-declaration.effect';
import { skipIncomeProofEffect } from './skip-income-proof.effect';
import { skipNomineeEffect } from './skip-nominee.effect';
import { submitEsignEffect } from './submit-esign.effect';
import { uploadIncomeProofEffect } from './upload-income-proof.effect';
import { uploadPanImageEffect } from './upload-pan-image.effect';
import { verifyIdentityEffect } from './verify-identity.effect';
import { verifyPanEffect } from './verify-pan.effect';

/** Each effect's one definition; a new `<effect>.effect.ts` adds its definition here. */
export const effectDefinitions = [
  verifyPanEffect,
  confirmPanEffect,
  savePersonalDetailsEffect,
  saveModificationDetailsEffect,
  saveStepEffect,
  saveBankDetailsEffect,
  uploadPanImageEffect,
  signDeclarationEffect,
  saveNomineesEffect,
  skipNomineeEffect,
  verifyIdentityEffect,
  submitEsignEffect,
  uploadIncomeProofEffect,
  skipIncomeProofEffect,
  declareIncomeEffect,
  reuploadDocumentEffect,
] as const;

export type EffectName = (typeof effectDefinitions)[number]['name'];

export const effectNames: readonly EffectName[] = effectDefinitions.map((definition) => definition.name);

export function isEffectName(name: string): name is EffectName {
  return (effectNames as readonly string[]).includes(name);
}
