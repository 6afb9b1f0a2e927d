import { refusedHere } from '../api/api-error';
import { addSignature, saveDeclaration, type DeclarationBody } from '../api/documents';
import { pickedFile } from '../state/picked-files';
import type { SubmitEffect } from './types';

/** The step that follows a saved declaration: the applicant then only owes the signature. */
const SIGNATURE_STEP = 'signature';

/**
 * /sign-onboarding-form: the declaration first (POST /user/declaration), then the signature file (POST
 * /user/add-signature, field `signature`). An applicant whose declaration is already saved (nextStep is the
 * signature) sends only the signature, so a failed upload can be retried without declaring twice.
 */
export const signDeclaration: SubmitEffect = async (data, { api, user, onProgress, updateUser, say }) => {
  const { signature, ...declaration } = data;
  const file = pickedFile(signature);
  if (!file) throw refusedHere(say('upload.signatureMissing'));
  if (user?.nextStep !== SIGNATURE_STEP) {
    // The form has checked the declaration with the same rules (declaration.schema.json) the server applies.
    const saved = await saveDeclaration(api, declaration as unknown as DeclarationBody);
    if (saved.user) updateUser?.(saved.user);
  }
  const { message, user: signed } = await addSignature(api, file, onProgress ? { onProgress } : undefined);
  return { message, user: signed };
};
