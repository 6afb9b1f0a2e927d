import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { responses } from '../schemas/common';
import { saveUploadStep } from '../steps/file-answers';
import { checkNominees, maxNominees, withMaskedAadhaar, withPincodes } from './service';
import { readUploadForm } from '../documents/uploads/read-upload-form';
import { defineUploadForm } from '../documents/uploads/upload-form';
import type { AcceptedFile } from '../documents/uploads/upload-kinds';
import { stepSavedResponse } from '../steps/step-responses';
import { nominationAcknowledgement } from '../regulation/nomination';
import { runtimeFor } from '../platform/runtime';
import { callerOf } from '../schemas/request';

/** POST /user/add-nominee: nomineeDetails (JSON) and a proof per nominee (documentProof_0, ...), all or nothing. */
export function nomineeRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const form = defineUploadForm({
      text: { nomineeDetails: { required: true, maxLength: 64 * 1024 } },
      groups: { documentProof: { kind: 'nominee_proof', max: maxNominees(running) } },
    });
    app.post('/user/add-nominee', { config: { acceptsUploads: true }, schema: { response: responses(stepSavedResponse(running)) } }, async (request): Promise<StepSavedResponse> => {
      const ctx = runtimeFor(request);
      const { step } = requireStep(request);
      const upload = await readUploadForm(request, form);
      const proofs = upload.groups.documentProof;
      const nominees = withPincodes(ctx, checkNominees(ctx, upload.text.nomineeDetails, proofs));
      const files = nominees.map((_, index) => proofs.get(index)).filter((file): file is AcceptedFile => !!file);
      const acknowledgement = nominationAcknowledgement(ctx);
      const answers = (ids: string[]) => ({
        nominees: nominees.map(({ documentProof: _part, ...nominee }, index) => ({ ...withMaskedAadhaar(nominee), documentId: ids[index] })),
      });
      const user = await saveUploadStep(ctx, requireUser(request), step, files, answers, request.deadlineAt, [], acknowledgement.stamp);
      await acknowledgement.email(user, 'nominated', nominees.length, callerOf(request));
      return { message: request.texts.say('nominee.saved'), user: await ctx.users.present(user) };
    });
  };
}
