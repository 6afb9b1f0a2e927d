import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse } from '../../src/api/types';
import { allowedValues } from '../../src/engine/schema-options';
import type { AppContext } from '../context';
import { insertIncomeDeclaration } from '../db/repositories/income-declarations';
import { FieldValidationError } from '../errors';
import { incomeDocumentTypes } from '../income-proof/income-document-types';
import { pdfRefusals } from '../income-proof/income-proof';
import { checkPdf } from '../income-proof/pdf-check';
import { requireUser } from '../plugins/auth';
import { messageResponseSchema, responses } from '../schemas/common';
import { resolveRekycTarget } from '../services/rekyc-target';
import { readUploadForm } from '../uploads/read-upload-form';
import { defineUploadForm } from '../uploads/upload-form';
import { stepValidator } from '../validation/step-validators';

export const rekycDeclarationMessages = {
  saved: 'Income declaration saved',
  income: 'Please select income segment',
  documentType: 'must select document type to be uploaded',
} as const;

const declarationForm = defineUploadForm({
  text: { income: { maxLength: 64 }, id: { maxLength: 512 }, document_type: { maxLength: 64 }, password: { maxLength: 256 } },
  files: { proof_of_income: { kind: 'income_proof' } },
});

/**
 * POST /rekyc/income-declaration (spec section 7): the yearly income declaration from the emailed link. The slab
 * is one of personal details' income options (one list); a proof is optional, a PDF by content, with its type.
 */
export function rekycRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const personal = stepValidator(ctx.stepValidators, 'personal-details').schema as { properties: Record<string, unknown> };
    const slabs = (allowedValues(personal.properties.incomeSegment) ?? []).map(String);
    app.post('/rekyc/income-declaration', { config: { acceptsUploads: true }, schema: { response: responses(messageResponseSchema) } }, async (request): Promise<MessageResponse> => {
      const { text, files } = await readUploadForm(request, declarationForm);
      const { user } = resolveRekycTarget(ctx, requireUser(request), text.id);
      if (!text.income || !slabs.includes(text.income)) throw new FieldValidationError({ income: [rekycDeclarationMessages.income] });
      const proof = files.proof_of_income;
      if (proof && (!text.document_type || !incomeDocumentTypes.has(text.document_type))) {
        throw new FieldValidationError({ document_type: [rekycDeclarationMessages.documentType] });
      }
      if (proof) {
        const check = await checkPdf(new Uint8Array(proof.bytes), text.password || undefined);
        if (check.kind !== 'ok') throw new FieldValidationError({ proof_of_income: [pdfRefusals[check.kind]] });
      }
      const declaration = { userId: user.id, income: text.income, documentType: proof ? (text.document_type ?? null) : null, now: ctx.clock() };
      await ctx.documents.store(user.id, proof ? [proof] : [], (trx, ids) =>
        insertIncomeDeclaration(trx, { ...declaration, documentId: ids[0] ?? null }),
      );
      return { message: rekycDeclarationMessages.saved };
    });
  };
}
