import type { FastifyBaseLogger } from 'fastify';
import { esignRequestsFor, findIdentityRequest, insertIdentityRequest, markIdentityRequestVerified } from './repository';
import type { IdentityRequestRow, UserRow } from '../db/schema';
import type { MessageCode } from '../../core/engine/message-codes';
import type { AppContext } from '../context';
import type { Deadline } from '../providers/call-budget';
import { ApiError } from '../errors';
import { applicantOf, approvedDetails, askProvider, ownRequest } from './identity-outcome';
import { findAllStepAnswers } from '../platform/repositories/step-store';
import type { LanguageTexts } from '../platform/texts';
import { type EsignDocumentDefinition, esignDocuments, esignDocumentsFor, signDocumentFor } from './esign-document-list';
import { acknowledgementValues, kitLinkValues, requireAcknowledged } from '../regulation/acknowledgements';

/** One entry of POST /user/e-sign-documents, as the spec's eSignData list. */
export interface EsignEntry {
  name: string;
  identifier: string;
  eSignRequestID: string;
  token: string;
  signed: boolean;
}

/** Open requests asked about per document: a reload or a retry leaves a few behind. */
const openRequestsChecked = 5;

/** Marks the request signed when the provider says so; true when it is (now or before). */
async function signedNow(ctx: AppContext, row: IdentityRequestRow, log: FastifyBaseLogger, deadline: Deadline): Promise<boolean> {
  if (row.status === 'verified') return true;
  const outcome = await askProvider(ctx, log, 'signing status', row.request_id, () => ctx.identityProvider.signingStatus(row.request_id, deadline));
  if (outcome.state !== 'approved') return false;
  await markIdentityRequestVerified(ctx.db, row.request_id, { provider: ctx.identityProvider.name, ...outcome.details }, ctx.clock());
  return true;
}

/** The request that signed `document` for the applicant, if any: a verified one, or an open one the provider now reports signed. */
async function signedRequest(ctx: AppContext, user: UserRow, document: EsignDocumentDefinition, log: FastifyBaseLogger, deadline: Deadline): Promise<IdentityRequestRow | undefined> {
  const rows = await esignRequestsFor(ctx.db, user.id, document.key);
  const verified = rows.find((row) => row.status === 'verified');
  if (verified) return verified;
  for (const row of rows.slice(0, openRequestsChecked)) {
    if (await signedNow(ctx, row, log, deadline)) return row;
  }
  return undefined;
}

/** Every document with its signed flag, named in `texts`' language; an unsigned one gets a fresh request (id and token) for the widget. */
export async function esignDocumentList(ctx: AppContext, user: UserRow, stepId: string, texts: LanguageTexts, log: FastifyBaseLogger, deadline: Deadline): Promise<EsignEntry[]> {
  await requireAcknowledged(ctx, user, stepId, texts);
  const [details, stored, acknowledged] = await Promise.all([ctx.users.present(user), findAllStepAnswers(ctx.db, user.id), acknowledgementValues(ctx, user)]);
  const kit = { ...acknowledged, ...kitLinkValues(ctx, stepId, texts) };
  const applicant = applicantOf(details);
  const entries: EsignEntry[] = [];
  for (const document of esignDocumentsFor(stored)) {
    const signed = await signedRequest(ctx, user, document, log, deadline);
    if (signed) {
      entries.push({ name: texts.say(document.name), identifier: applicant.identifier, eSignRequestID: signed.request_id, token: '', signed: true });
      continue;
    }
    const request = await askProvider(ctx, log, 'sign request', null, () => ctx.identityProvider.startSigning(signDocumentFor(document, texts.say(document.name), details, stored, kit), applicant, deadline));
    await insertIdentityRequest(ctx.db, {
      request_id: request.requestId,
      user_id: user.id,
      kind: 'esign',
      document: document.key,
      status: 'requested',
      result: null,
      created_at: ctx.clock(),
      verified_at: null,
    });
    entries.push({ name: texts.say(document.name), identifier: request.identifier, eSignRequestID: request.requestId, token: request.token, signed: false });
  }
  return entries;
}

/** One document's request after the widget: the signed document's name code (for 'Esign for {document} successfully!'), or the 4xx of its outcome. */
export async function verifyEsign(ctx: AppContext, user: UserRow, requestId: string, log: FastifyBaseLogger, deadline: Deadline): Promise<MessageCode> {
  const row = ownRequest(await findIdentityRequest(ctx.db, requestId), user, 'esign');
  const document = esignDocuments.find((item) => item.key === row.document);
  if (!document) throw new ApiError(404, 'identity.notFound');
  if (row.status === 'void') throw new ApiError(409, 'identity.signAgain');
  if (row.status !== 'verified') {
    const outcome = await askProvider(ctx, log, 'signing status', requestId, () => ctx.identityProvider.signingStatus(requestId, deadline));
    const details = approvedDetails(outcome, log, requestId);
    await markIdentityRequestVerified(ctx.db, requestId, { provider: ctx.identityProvider.name, ...details }, ctx.clock());
  }
  return document.name;
}

/** Once every document is signed, completes `stepId` (the application moves on to verification); else names the unsigned ones in `texts`' language. */
export async function initiateVerification(ctx: AppContext, user: UserRow, stepId: string, texts: LanguageTexts, log: FastifyBaseLogger, deadline: Deadline): Promise<UserRow> {
  const unsigned: string[] = [];
  for (const document of esignDocumentsFor(await findAllStepAnswers(ctx.db, user.id))) {
    if (!(await signedRequest(ctx, user, document, log, deadline))) unsigned.push(texts.say(document.name));
  }
  const list = new Intl.ListFormat(texts.code, { type: 'conjunction' });
  if (unsigned.length > 0) throw new ApiError(400, 'identity.signFirst', { documents: list.format(unsigned) });
  return ctx.steps.completeStep(user, stepId);
}
