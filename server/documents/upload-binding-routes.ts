import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import type { MessageCode } from '../../core/engine/message-codes';
import { uploadBindings } from '../../core/engine/upload-bindings';
import type { AppContext } from '../context';
import { FieldValidationError } from '../errors';
import { requireUser } from '../platform/auth';
import { fastifyPath } from '../platform/route-keys';
import { responses } from '../schemas/common';
import { consentFields } from '../steps/declared-at';
import { requireStep } from '../steps/step-binding';
import { stepUploadedResponse } from '../steps/step-responses';
import { stepValidator } from '../validation/step-validators';
import { saveFileStep } from './document-steps';
import { type StepUploadForm, readStepUpload, stepUploadForm } from './uploads/step-upload-form';


/** Field messages under the names the client sent (the multipart name a binding maps, not the schema's field). */
function underWireNames(upload: StepUploadForm, error: unknown): unknown {
  if (!(error instanceof FieldValidationError)) return error;
  return new FieldValidationError(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [upload.wireNames[field] ?? field, messages])));
}

/**
 * The spec's upload paths (POST /user/pan-proof-upload, ...) as flow.json binds them to file steps (`"upload"` on an
 * api entry): one handler for all. The multipart form is the `body` schema's answers, each mapped file field read
 * through the one upload pipeline (content, size while streaming, re-encoding, encryption at rest) and stored with
 * the step's answer in one transaction (saveFileStep). The answer is `{ message, step, user }`.
 */
export function uploadBindingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const binding of uploadBindings(ctx.flow)) {
      const schemaId = binding.body ?? '';
      const validate = stepValidator(ctx.stepValidators, schemaId);
      const upload = stepUploadForm(validate.schema, { names: binding.fields, filesRequired: true });
      // The config check refuses a binding whose body declares no file field; this is a wiring bug if reached.
      if (!upload) throw new Error(`flow-config/flow.json: ${binding.where}: '${schemaId}' declares no "x-upload" field`);
      const declared = consentFields(ctx.stepValidators, schemaId);
      const message = binding.message as MessageCode;
      const options = { config: { acceptsUploads: true }, schema: { response: responses(stepUploadedResponse(ctx)) } };
      app.post(fastifyPath(binding.route), options, async (request): Promise<StepSavedResponse & { step: string }> => {
        const { step } = requireStep(request);
        const form = await readStepUpload(request, upload);
        const user = await saveFileStep(ctx, requireUser(request), step, validate, upload, form, declared).catch((error: unknown) => {
          throw underWireNames(upload, error);
        });
        return { message: request.texts.say(message), step, user: await ctx.users.present(user) };
      });
    }
  };
}
