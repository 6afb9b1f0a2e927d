import type { EffectName } from './effect-names';
import type { SubmitEffect } from './types';

/** The only place an effect name from config is bound to code; each loads with the page that uses it. */
export const effectRegistry: Record<EffectName, () => Promise<SubmitEffect>> = {
  verifyPan: () => import('./verify-pan').then((m) => m.verifyPan),
  savePersonalDetails: () => import('./save-personal-details').then((m) => m.savePersonalDetails),
  saveModificationDetails: () => import('./save-modification-details').then((m) => m.saveModificationDetails),
  saveStep: () => import('./save-step').then((m) => m.saveStep),
  saveBankDetails: () => import('./save-bank-details').then((m) => m.saveBankDetails),
  uploadPanImage: () => import('./upload-pan-image').then((m) => m.uploadPanImage),
  signDeclaration: () => import('./sign-declaration').then((m) => m.signDeclaration),
  saveNominees: () => import('./save-nominees').then((m) => m.saveNominees),
  skipNominee: () => import('./skip-nominee').then((m) => m.skipNominee),
  verifyIdentity: () => import('./verify-identity').then((m) => m.verifyIdentity),
  submitEsign: () => import('./submit-esign').then((m) => m.submitEsign),
  uploadIncomeProof: () => import('./upload-income-proof').then((m) => m.uploadIncomeProof),
  skipIncomeProof: () => import('./skip-income-proof').then((m) => m.skipIncomeProof),
  declareIncome: () => import('./declare-income').then((m) => m.declareIncome),
  reuploadDocument: () => import('./reupload-document').then((m) => m.reuploadDocument),
};

export async function loadEffect(name: string, where: string): Promise<SubmitEffect> {
  const load = (effectRegistry as Record<string, (() => Promise<SubmitEffect>) | undefined>)[name];
  if (!load) throw new Error(`No effect '${name}' for ${where} (known: ${Object.keys(effectRegistry).join(', ')})`);
  return load();
}
