import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { FieldValidationError } from '../errors';
import { checkPdf, pdfRefusals } from '../documents/uploads/pdf/pdf-check';
import { requireUser } from '../platform/auth';
import { messageResponseSchema, responses } from '../schemas/common';
import { consentFields } from '../steps/declared-at';
import { resolveRekycTarget, saveIncomeDeclaration } from './service';
import { readUploadForm } from '../documents/uploads/read-upload-form';
import { defineUploadForm } from '../documents/uploads/upload-form';
import { stepValidator } from '../validation/step-validators';
import { uploadFieldMessages } from '../validation/upload-body';
import { runtimeFor } from '../platform/runtime';

/** The schema of the page's form (flow-config/pages/rekyc.json): the route checks what it receives with it too. */
export const rekycDeclarationSchemaId = 'rekyc-declaration';

const declarationForm = defineUploadForm({
  text: {
    income: { maxLength: 64 },
    id: { maxLength: 512 },
    document_type: { maxLength: 64 },
    password: { maxLength: 256 },
    // The two statements, ticked by the applicant ('true'): required by the schema, stored with their time.
    confirmTrue: { maxLength: 8 },
    confirmInform: { maxLength: 8 },
  },
  files: { proof_of_income: { kind: 'income_proof_pdf' } },
});

/**
 * POST /rekyc/income-declaration (spec section 7): the yearly income declaration from the emailed link. The slab,
 * and the type a proof needs, are checked by the page's own schema (its lists are the ones personal details and
 * income proof use); a proof is optional, a PDF by content. The statements are the applicant's own ticks, kept
 * with their time.
 */
export function rekycRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Checked at start-up: the running config has the schema (a release without it fails the request, by name).
    stepValidator(running.stepValidators, rekycDeclarationSchemaId);
    app.post('/rekyc/income-declaration', { config: { acceptsUploads: true }, schema: { response: responses(messageResponseSchema) } }, async (request): Promise<MessageResponse> => {
      const ctx = runtimeFor(request);
      const { text, files } = await readUploadForm(request, declarationForm);
      const { user } = resolveRekycTarget(ctx, requireUser(request), text.id);
      const problems = uploadFieldMessages(stepValidator(ctx.stepValidators, rekycDeclarationSchemaId), declarationForm, { text, files });
      const { income } = text;
      // The schema requires the slab, so `income` is only ever missing together with a message.
      if (problems || income === undefined) throw new FieldValidationError(problems ?? {});
      const proof = files.proof_of_income;
      if (proof) {
        const check = await checkPdf(new Uint8Array(proof.bytes), text.password || undefined);
        if (check.kind !== 'ok') throw new FieldValidationError({ proof_of_income: [pdfRefusals[check.kind]] });
      }
      const now = ctx.clock();
      const statements = Object.fromEntries(consentFields(ctx.stepValidators, rekycDeclarationSchemaId).map((field) => [field, new Date(now).toISOString()]));
      const declaration = { userId: user.id, income, documentType: proof ? (text.document_type ?? null) : null, statements, now };
      await ctx.documents.store(user.id, proof ? [proof] : [], request.deadlineAt, (trx, ids) =>
        saveIncomeDeclaration(trx, { ...declaration, documentId: ids[0] ?? null }),
      );
      return { message: request.texts.say('rekyc.saved') };
    });
  };
}
