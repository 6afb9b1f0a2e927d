import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import type { UserRow } from '../db/schema';
import { findStep } from '../../core/engine/flow';
import type { MessageCode } from '../../core/engine/message-codes';
import { type SaveBinding, saveBindings } from '../../core/engine/save-bindings';
import type { AppContext } from '../context';
import { ApiError, FieldValidationError } from '../errors';
import { requireUser } from '../platform/auth';
import { runtimeFor } from '../platform/runtime';
import { fastifyPath } from '../platform/route-keys';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { type StepUploadForm, readStepUpload, stepUploadForm } from '../documents/uploads/step-upload-form';
import { mergedAnswersCheck, stepBody, stepFieldMessages } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { consentFields } from './declared-at';
import { saveFileStep } from './file-answers';
import { skippedAnswers } from './skip-declaration';
import { type SavedAnswers, fixRejectedStep, saveStep } from './step-answers';
import { requireStep } from './step-binding';
import { stepSavedResponse, stepUploadedResponse } from './step-responses';

/**
 * The one handler that saves a step. Every route flow.json gives a `message` (core/engine/save-bindings.ts) is
 * registered here from its entry: its `body` schema checks the answers (JSON, or a multipart form with `upload`),
 * the fields the schema marks "x-consent" are stored with their time, and every other rule is the schema's own
 * (x-notBlank, x-dateWithin...). A step with a schema and no routes of its own is saved at POST /user/step/{stepId}.
 * The steps that need more than answers keep routes of their own that call the same save path (step-answers.ts):
 * nominees, income proof, modification documents; and re-KYC, which saves no step.
 */
export function stepRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const binding of saveBindings(ctx.flow)) {
      if (binding.skip) skipRoute(app, ctx, binding);
      else if (binding.upload) uploadRoute(app, ctx, binding);
      else answersRoute(app, ctx, binding);
    }
    genericRoute(app, ctx);
  };
}

const say = (request: FastifyRequest, binding: SaveBinding) => request.texts.say(binding.message as MessageCode);

/**
 * JSON answers, checked by the body schema of the applicant's release before the handler runs; a route with `fixes`
 * merges them into the rejected step's.
 */
function answersRoute(app: FastifyInstance, running: AppContext, binding: SaveBinding): void {
  const schemaId = binding.body ?? '';
  const { body, validatorCompiler, preValidation } = stepBody(running.stepValidators, schemaId);
  const options = { validatorCompiler, preValidation, schema: { body, response: responses(stepSavedResponse(running)) } };
  app.post<{ Body: Record<string, unknown> }>(fastifyPath(binding.route), options, async (request): Promise<StepSavedResponse> => {
    const ctx = runtimeFor(request);
    const bound = requireStep(request);
    // A fix may leave answers out (the stored ones stay): rules across fields are checked again on the merged answers.
    const saved: { user: UserRow; answers?: SavedAnswers['answers'] } = bound.fixes
      ? { user: await fixRejectedStep(ctx, requireUser(request), bound, request.body, { checkMerged: mergedAnswersCheck(stepValidator(ctx.stepValidators, schemaId)) }) }
      : await saveStep(ctx, requireUser(request), bound.step, request.body, consentFields(ctx.stepValidators, schemaId));
    return { message: say(request, binding), user: await ctx.users.present(saved.user, saved.answers) };
  });
}

/** Field messages under the names the client sent (the multipart name a binding maps, not the schema's field). */
function underWireNames(upload: StepUploadForm, error: unknown): unknown {
  if (!(error instanceof FieldValidationError)) return error;
  return new FieldValidationError(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [upload.wireNames[field] ?? field, messages])));
}

/**
 * Answers with files, as a multipart form: each mapped file field read through the one upload pipeline (content, size
 * while streaming, re-encoding, encryption at rest) and stored with the step's answers in one transaction. The answer
 * is `{ message, step, user }`.
 */
function uploadRoute(app: FastifyInstance, running: AppContext, binding: SaveBinding): void {
  const schemaId = binding.body ?? '';
  // The upload form of each release's schema, worked out once.
  const forms = new WeakMap<ValidateFunction, StepUploadForm>();
  const formOf = (validate: ValidateFunction): StepUploadForm => {
    let form = forms.get(validate);
    if (!form) {
      form = stepUploadForm(validate.schema, { names: binding.upload?.fields, filesRequired: true });
      // The config check refuses a binding whose body declares no file field; this is a wiring bug if reached.
      if (!form) throw new Error(`flow-config/flow.json: ${binding.where}: '${schemaId}' declares no "x-upload" field`);
      forms.set(validate, form);
    }
    return form;
  };
  formOf(stepValidator(running.stepValidators, schemaId));
  const options = { config: { acceptsUploads: true }, schema: { response: responses(stepUploadedResponse(running)) } };
  app.post(fastifyPath(binding.route), options, async (request): Promise<StepSavedResponse & { step: string }> => {
    const ctx = runtimeFor(request);
    const { step } = requireStep(request);
    const validate = ctx.stepValidators[schemaId];
    if (!validate) throw new ApiError(404, 'request.notFound');
    const upload = formOf(validate);
    const declared = consentFields(ctx.stepValidators, schemaId);
    const form = await readStepUpload(request, upload);
    const saved = await saveFileStep(ctx, requireUser(request), step, validate, upload, form, declared, request.deadlineAt).catch((error: unknown) => {
      throw underWireNames(upload, error);
    });
    return { message: say(request, binding), step, user: await ctx.users.present(saved.user, saved.answers) };
  });
}

/** No answers: the step is stored as skipped, with the declaration its page's Skip makes, in the applicant's words. */
function skipRoute(app: FastifyInstance, running: AppContext, binding: SaveBinding): void {
  const options = { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(stepSavedResponse(running)) } };
  app.post(fastifyPath(binding.route), options, async (request): Promise<StepSavedResponse> => {
    const ctx = runtimeFor(request);
    const { step } = requireStep(request);
    // The declaration in the words the browser showed (the running config's pages), for the step of the applicant's release.
    const { answers, declared } = skippedAnswers({ flow: ctx.flow, pages: ctx.browserTexts.of(request).pages }, step);
    const saved = await saveStep(ctx, requireUser(request), step, answers, declared);
    return { message: say(request, binding), user: await ctx.users.present(saved.user, saved.answers) };
  });
}

/**
 * POST /api/user/step/{stepId}: any step that flow.json gives a schema and no routes of its own (a FATCA
 * declaration, say). The binding hook resolves and guards the step from the path; the body is checked with that
 * step's schema, with the same messages as every step route. A schema with file fields ("x-upload") takes multipart
 * instead, through the one upload pipeline, and its files and answers are stored in one transaction.
 */
function genericRoute(app: FastifyInstance, running: AppContext): void {
  app.post<{ Params: { stepId: string }; Body: unknown }>(
    '/user/step/:stepId',
    {
      config: { stepFromParam: 'stepId', acceptsUploads: true },
      schema: { params: { type: 'object', properties: { stepId: { type: 'string', maxLength: 64 } } }, response: responses(stepSavedResponse(running)) },
    },
    async (request): Promise<StepSavedResponse> => {
      const ctx = runtimeFor(request);
      const { step } = requireStep(request);
      const schemaId = findStep(ctx.flow, step)?.schema ?? '';
      const validate = stepValidator(ctx.stepValidators, schemaId);
      const declared = consentFields(ctx.stepValidators, schemaId);
      const upload = stepUploadForm(validate.schema);
      // Files come only as checked uploads: a JSON body cannot name a document, and a plain step takes no files.
      if (upload && !request.isMultipart()) throw new ApiError(415, 'upload.notMultipart');
      if (!upload && request.isMultipart()) throw new ApiError(415, 'upload.jsonOnly');
      const user = requireUser(request);
      let saved: SavedAnswers;
      if (upload) {
        saved = await saveFileStep(ctx, user, step, validate, upload, await readStepUpload(request, upload), declared, request.deadlineAt);
      } else {
        if (!validate(request.body)) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
        saved = await saveStep(ctx, user, step, request.body as Record<string, unknown>, declared);
      }
      return { message: request.texts.say('flow.detailsSaved'), user: await ctx.users.present(saved.user, saved.answers) };
    },
  );
}
