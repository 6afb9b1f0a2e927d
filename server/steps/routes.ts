import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import { findStep } from '../../core/engine/flow';
import type { AppContext } from '../context';
import { ApiError, FieldValidationError } from '../errors';
import { requireUser } from '../platform/auth';
import { requireStep } from './step-binding';
import { responses } from '../schemas/common';
import { consentFields } from './declared-at';
import { saveFileStep } from '../documents/document-steps';
import { saveStep } from './step-documents';
import { readStepUpload, stepUploadForm } from '../documents/uploads/step-upload-form';
import { stepFieldMessages } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { stepSavedResponse } from './step-responses';


/**
 * POST /api/user/step/{stepId}: any step that flow.json gives a schema and no routes of its own (a FATCA
 * declaration, say) is saved here. The binding hook resolves and guards the step from the path; the body is
 * checked with that step's schema, with the same messages as every step route. A schema with file fields
 * ("x-upload") takes multipart instead, through the one upload pipeline (content, size while streaming, re-encoding,
 * encryption at rest), and its files and document are stored in one transaction.
 */
export function genericStepRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { stepId: string }; Body: unknown }>(
      '/user/step/:stepId',
      {
        config: { stepFromParam: 'stepId', acceptsUploads: true },
        schema: { params: { type: 'object', properties: { stepId: { type: 'string', maxLength: 64 } } }, response: responses(stepSavedResponse(ctx)) },
      },
      async (request): Promise<StepSavedResponse> => {
        const { step } = requireStep(request);
        const schemaId = findStep(ctx.flow, step)?.schema ?? '';
        const validate = stepValidator(ctx.stepValidators, schemaId);
        const declared = consentFields(ctx.stepValidators, schemaId);
        const upload = stepUploadForm(validate.schema);
        // Files come only as checked uploads: a JSON body cannot name a document, and a plain step takes no files.
        if (upload && !request.isMultipart()) throw new ApiError(415, 'upload.notMultipart');
        if (!upload && request.isMultipart()) throw new ApiError(415, 'upload.jsonOnly');
        let user = requireUser(request);
        if (upload) {
          user = await saveFileStep(ctx, user, step, validate, upload, await readStepUpload(request, upload), declared);
        } else {
          if (!validate(request.body)) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
          user = await saveStep(ctx, user, step, request.body as Record<string, unknown>, declared);
        }
        return { message: request.texts.say('flow.detailsSaved'), user: await ctx.users.present(user) };
      },
    );
  };
}
