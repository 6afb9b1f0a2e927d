/** Names flow-config may use for a form's "effect" (and screens for theirs); registry.ts binds each to code. */
export const effectNames = [
  'verifyPan',
  'savePersonalDetails',
  'saveModificationDetails',
  'saveStep',
  'saveBankDetails',
  'uploadPanImage',
  'signDeclaration',
  'saveNominees',
  'skipNominee',
  'verifyIdentity',
  'submitEsign',
  'uploadIncomeProof',
  'skipIncomeProof',
  'declareIncome',
  'reuploadDocument',
] as const;

export type EffectName = (typeof effectNames)[number];

export function isEffectName(name: string): name is EffectName {
  return (effectNames as readonly string[]).includes(name);
}
