import { settingsOf } from '../../core/engine/settings';
import { bodySchemaOf } from '../../core/engine/step-api';
import { aadhaarDocumentType, maskedAadhaar } from './aadhaar';
import type { AppContext } from '../context';
import { FieldValidationError, type FieldMessages } from '../errors';
import type { AcceptedFile } from '../documents/uploads/upload-kinds';
import { stepFieldMessages } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';

/** The nominee route, whose body schema flow.json declares, and the messages of rules the schema cannot state (spec section 5, 'On nominee Save'). */
const nomineeRoute = 'POST /user/add-nominee';
const nomineeValidator = (ctx: AppContext) => stepValidator(ctx.stepValidators, bodySchemaOf(ctx.flow, nomineeRoute));
type Nominee = Record<string, unknown>;

/** flow.json's settings.maxNominees (the schema reads the same setting): the most document proofs a form may carry. */
export function maxNominees(ctx: AppContext): number {
  return settingsOf(ctx.flow).maxNominees;
}

/** A nominee as stored: an Aadhaar number, checked in full by the schema, is kept as its last four digits only. */
export function withMaskedAadhaar(nominee: Nominee): Nominee {
  const { documentType, documentNumber } = nominee;
  return documentType === aadhaarDocumentType && typeof documentNumber === 'string' ? { ...nominee, documentNumber: maskedAadhaar(documentNumber) } : nominee;
}

/**
 * nomineeDetails (a JSON array in the 'Nominee as sent' shape) with each proof's part name filled in
 * (documentProof_i when that file came), checked by the nominee schema with its messages.
 */
export function checkNominees(ctx: AppContext, json: string, proofs: ReadonlyMap<number, AcceptedFile>): Nominee[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // Codes: the error handler words them in the request's language.
    throw new FieldValidationError({ nomineeDetails: ['nominee.notJson'] });
  }
  if (!Array.isArray(parsed) || parsed.some((item) => !item || typeof item !== 'object' || Array.isArray(item))) {
    throw new FieldValidationError({ nomineeDetails: ['nominee.notJson'] });
  }
  const nominees = (parsed as Nominee[]).map((nominee, index) => {
    const { documentProof: _ignored, ...rest } = nominee;
    return proofs.has(index) ? { ...rest, documentProof: `documentProof_${index}` } : rest;
  });
  const validate = nomineeValidator(ctx);
  if (!validate({ nominees })) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
  return nominees;
}

/** Every pincode (nominee's and guardian's) must be a real one; city, state and country come from it. */
export function withPincodes(ctx: Pick<AppContext, 'pincodes'>, nominees: Nominee[]): Nominee[] {
  const problems: FieldMessages = {};
  const located = nominees.map((nominee, index) => {
    const place = (field: string) => {
      const code = nominee[field];
      if (typeof code !== 'string') return undefined;
      const found = code.length === 6 ? ctx.pincodes.lookup(code) : undefined;
      if (code.length === 6 && !found) problems[`nominees.${index}.${field}`] = ['nominee.pincode'];
      return found;
    };
    const own = place('pincode');
    const guardian = place('guardianPincode');
    return {
      ...nominee,
      ...(own ? { city: own.district, state: own.state, country: own.country } : {}),
      ...(guardian ? { guardianCity: guardian.district, guardianState: guardian.state } : {}),
    };
  });
  if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
  return located;
}
