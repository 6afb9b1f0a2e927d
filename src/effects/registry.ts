import { effectNames, type EffectName } from '../../core/catalog/effects';
import type { SubmitEffect } from './types';

/**
 * The only place an effect name (core/catalog/effects.ts) is bound to code: each effect's module, loaded with the
 * page that runs it, so reading the names loads no api code.
 */
const loaders: Readonly<Record<EffectName, () => Promise<SubmitEffect>>> = {
  verifyPan: () => import('./verify-pan').then((m) => m.verifyPan),
  confirmPan: () => import('./confirm-pan').then((m) => m.confirmPanRecord),
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
  if (!Object.hasOwn(loaders, name)) throw new Error(`No effect '${name}' for ${where} (known: ${effectNames.join(', ')})`);
  return loaders[name as EffectName]();
}
