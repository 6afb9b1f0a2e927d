import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { ApiError, FieldValidationError } from '../errors';
import { checkPdf, pdfRefusals } from '../documents/uploads/pdf/pdf-check';
import { requireUser } from '../platform/auth';
import { requireStep } from './step-binding';
import { responses } from '../schemas/common';
import { applyRejectedFix } from './step-answers';
import { rejectedStepsOf, reloadUser } from '../platform/applicants';
import { readUploadForm } from '../documents/uploads/read-upload-form';
import { defineUploadForm } from '../documents/uploads/upload-form';
import { stepFileField } from '../documents/uploads/step-upload-form';
import { wrongType } from '../documents/uploads/upload-errors';
import { pdfMime, uploadKindRule } from '../documents/uploads/upload-kinds';
import { stepValidator } from '../validation/step-validators';
import { uploadFieldMessages } from '../validation/upload-body';
import { bodySchemaOf } from '../../core/engine/step-api';
import { stepUploadedResponse } from './step-responses';
import { runtimeFor } from '../platform/runtime';


const documentForm = defineUploadForm({
  text: { step: { required: true, maxLength: 64 }, document_type: { maxLength: 64 }, password: { maxLength: 256 } },
  files: { data: { kind: 'modification_document', required: true } },
});

/**
 * POST /user/modification/document: a re-upload for a rejected document step (`step`: one of those flow.json lets
 * this route fix). The file goes through the upload pipeline; an encrypted PDF needs its password, kept sealed for the
 * reviewer.
 * The file, the step's answers naming it and the cleared rejection are written together, or not at all.
 */
export function modificationDocumentRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Start-up fails unless the running config names the page's form schema.
    stepValidator(running.stepValidators, bodySchemaOf(running.flow, 'POST /user/modification/document'));
    app.post('/user/modification/document', { config: { acceptsUploads: true }, schema: { response: responses(stepUploadedResponse(running)) } }, async (request): Promise<StepSavedResponse & { step: string }> => {
      const ctx = runtimeFor(request);
      const binding = requireStep(request);
      const user = requireUser(request);
      const { text, files } = await readUploadForm(request, documentForm);
      const rejected = rejectedStepsOf(user);
      if (!binding.fixes?.includes(text.step) || !(text.step in rejected)) throw new ApiError(400, 'flow.outOfSync');
      // The page's own form schema (flow.json names it): the proof's type where the step needs one, with its words.
      const validate = stepValidator(ctx.stepValidators, bodySchemaOf(ctx.flow, 'POST /user/modification/document'));
      const problems = uploadFieldMessages(validate, documentForm, { text, files });
      if (problems) throw new FieldValidationError(problems);
      let encrypted = false;
      if (files.data.mime === pdfMime) {
        const check = await checkPdf(new Uint8Array(files.data.bytes), text.password || undefined);
        if (check.kind !== 'ok') throw new ApiError(400, pdfRefusals[check.kind]);
        encrypted = check.encrypted;
      }
      // A document step added by config keeps its own kind's types, and its file field names the new document.
      const own = stepFileField(ctx.flow, ctx.stepValidators, text.step);
      if (own && !uploadKindRule(own.kind).accept.has(files.data.mime)) throw wrongType(uploadKindRule(own.kind));
      const answers = { ...(text.document_type ? { documentType: text.document_type } : {}) };
      await ctx.documents.store(user.id, [files.data], request.deadlineAt, async (trx, [id]) => {
        // 'Password protected' speaks of the file the answers name: the new one, wherever the step keeps the flag.
        const fix = (previous: Record<string, unknown>) => ({
          ...answers,
          ...(files.data.mime === pdfMime || 'passwordProtected' in previous ? { passwordProtected: encrypted } : {}),
          [own?.field ?? 'documentId']: id,
        });
        if (!(await applyRejectedFix(ctx, trx, user, binding, text.step, fix))) {
          throw new ApiError(400, 'flow.outOfSync');
        }
        if (encrypted && text.password && id) await ctx.documents.keepPassword(trx, user.id, id, text.password);
      });
      const fresh = await reloadUser(ctx.db, user);
      return { message: request.texts.say('flow.documentUploaded'), step: text.step, user: await ctx.users.present(fresh) };
    });
  };
}
