import { refusedHere } from '../api/api-error';
import { addNominees, proofPart, type NomineeAsSent } from '../api/nominee';
import { PINCODE_LOOKUP, resolvePincode, type PincodeLookup } from '../api/pincode';
import type { ApiClient } from '../api/client';
import { pickedFile } from '../state/picked-files';
import type { SubmitEffect } from './types';
import { nominationNotice } from './nomination-notice';

type Nominee = Record<string, unknown>;

const text = (nominee: Nominee, field: string): string | undefined => {
  const value = nominee[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Each 6-digit pincode of every nominee and guardian, looked up (cached by the pincode fields). */
async function lookups(api: ApiClient, nominees: readonly Nominee[]): Promise<Map<string, PincodeLookup>> {
  const codes = new Set(
    nominees.flatMap((nominee) => [text(nominee, 'pincode'), text(nominee, 'guardianPincode')]).filter((code): code is string => !!code && PINCODE_LOOKUP.test(code)),
  );
  const entries = await Promise.all([...codes].map(async (code) => [code, await resolvePincode(api, code)] as const));
  return new Map(entries);
}

/** A nominee as sent: the place from the pincode lookup, documentProof naming its file part. */
function asSent(nominee: Nominee, index: number, places: Map<string, PincodeLookup>): NomineeAsSent {
  const place = places.get(text(nominee, 'pincode') ?? '');
  const guardianPlace = places.get(text(nominee, 'guardianPincode') ?? '');
  return {
    ...(nominee as unknown as NomineeAsSent),
    ...(place ? { city: place.district, state: place.state, country: place.country } : {}),
    ...(guardianPlace ? { guardianCity: guardianPlace.district, guardianState: guardianPlace.state } : {}),
    documentProof: proofPart(index),
  };
}

/**
 * /add-nominee Save (spec 5), after the form found every field valid (schemas/step-data/nominee.schema.json, shares
 * summing to 100 included): every 6-digit pincode must have resolved to a place, then nomineeDetails and one
 * documentProof_{i} file per nominee go as one multipart request.
 */
export const saveNominees: SubmitEffect = async (data, { api, onProgress, say }) => {
  const nominees = Array.isArray(data.nominees) ? (data.nominees as Nominee[]) : [];
  const places = await lookups(api, nominees);
  if ([...places.values()].some((place) => place === null)) throw refusedHere(say('nominee.pincodesInvalid'));
  const proofs = nominees.map((nominee) => pickedFile(nominee.documentProof));
  if (proofs.some((file) => !file)) throw refusedHere(say('nominee.proofRequired'));
  const sent = nominees.map((nominee, index) => asSent(nominee, index, places));
  const { message, user } = await addNominees(api, sent, proofs as File[], onProgress ? { onProgress } : undefined);
  return { message, user, ...nominationNotice(user, say) };
};
