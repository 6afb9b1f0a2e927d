// The names flow-config/pages may write as a form's "effect" (what its submit does). Pure data: the config check
// reads it; src/effects/registry.ts loads each from the module named after it (verifyPan: src/effects/verify-pan.ts).

export const effectNames = [
  'verifyPan',
  'confirmPan',
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
