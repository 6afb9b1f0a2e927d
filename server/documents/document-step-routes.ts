import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import { bodySchemaOf } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { saveUploadStep } from './document-steps';
import { consentFields } from '../steps/declared-at';
import { skippedDocument } from '../steps/skip-declaration';
import { saveStep } from '../steps/step-documents';
import { readUploadForm } from './uploads/read-upload-form';
import { defineUploadForm } from './uploads/upload-form';
import { stepBody } from '../validation/step-body';
import { stepSavedResponse } from '../steps/step-responses';

const panImageForm = defineUploadForm({ files: { pan: { kind: 'pan_image', required: true } } });
const signatureForm = defineUploadForm({ files: { signature: { kind: 'signature_image', required: true } } });

/** The PAN image, the declarations and the signature. flow.json binds each route to its step. */
export function documentStepRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // An upload result names its step (spec section 3), as the client files it.
    const uploaded = {
      config: { acceptsUploads: true },
      schema: { response: responses({ type: 'object', properties: { message: { type: 'string' }, step: { type: 'string' }, user: ctx.users.schema }, required: ['message', 'step', 'user'] }) },
    };

    app.post('/user/pan-proof-upload', uploaded, async (request): Promise<StepSavedResponse & { step: string }> => {
      const { step } = requireStep(request);
      const form = await readUploadForm(request, panImageForm);
      const user = await saveUploadStep(ctx, requireUser(request), step, [form.files.pan], ([id]) => ({ documentId: id }));
      return { message: ctx.say('flow.panImageUploaded'), step, user: await ctx.users.present(user) };
    });

    app.post('/user/add-signature', uploaded, async (request): Promise<StepSavedResponse & { step: string }> => {
      const { step } = requireStep(request);
      const form = await readUploadForm(request, signatureForm);
      const user = await saveUploadStep(ctx, requireUser(request), step, [form.files.signature], ([id]) => ({ documentId: id }));
      return { message: ctx.say('flow.signatureSaved'), step, user: await ctx.users.present(user) };
    });

    const declarationSchema = bodySchemaOf(ctx.flow, 'POST /user/declaration');
    const declaration = stepBody(ctx.stepValidators, declarationSchema);
    app.post<{ Body: Record<string, unknown> }>(
      '/user/declaration',
      { validatorCompiler: declaration.validatorCompiler, schema: { body: declaration.body, response: responses(stepSavedResponse(ctx)) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await saveStep(ctx, requireUser(request), requireStep(request).step, request.body, consentFields(ctx.stepValidators, declarationSchema));
        return { message: ctx.say('flow.declarationSaved'), user: await ctx.users.present(user) };
      },
    );

    app.post(
      '/user/skip-nominee',
      { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(stepSavedResponse(ctx)) } },
      async (request): Promise<StepSavedResponse> => {
        const { step } = requireStep(request);
        const { document, declared } = skippedDocument(ctx, step);
        const user = await saveStep(ctx, requireUser(request), step, document, declared);
        return { message: ctx.say('nominee.skipped'), user: await ctx.users.present(user) };
      },
    );
  };
}
