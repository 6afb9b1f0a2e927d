import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../server/context';
import { ApiError } from '../../server/errors';
import { requireUser } from '../../server/platform/auth';
import { readUploadForm } from '../../server/documents/uploads/read-upload-form';
import { defineUploadForm } from '../../server/documents/uploads/upload-form';
import type { AcceptedFile } from '../../server/documents/uploads/upload-kinds';

/**
 * Test-only routes that drive the upload pipeline the way step routes will: read the declared
 * form, then store the files and the route's own writes in one go.
 */
/** Refusals of the probe, by code: texts of flow-config/messages.json the tests read back. */
export const probeMessages = { laterStepFailed: 'request.busy', passwordNeeded: 'incomeProof.passwordRequired' } as const;

const panForm = defineUploadForm({ files: { pan: { kind: 'pan_image', required: true } } });

const nomineeForm = defineUploadForm({
  text: { nomineeDetails: { required: true, maxLength: 16 * 1024 }, failAfterStore: {} },
  groups: { documentProof: { kind: 'nominee_proof', max: 3 } },
});

const incomeForm = defineUploadForm({
  text: { document_type: { required: true, maxLength: 50 }, password: { maxLength: 100 } },
  files: {
    proof_of_income: {
      kind: 'income_proof_pdf',
      required: true,
      // Stands in for the PDF-password check: a hook sees the file and every text field.
      validate: (_file, fields) => {
        if (fields.document_type === 'locked' && !fields.password) throw new ApiError(400, probeMessages.passwordNeeded);
      },
    },
  },
});

const modificationForm = defineUploadForm({ files: { data: { kind: 'modification_document', required: true } } });

export function uploadProbeRoutes(ctx: AppContext): FastifyPluginAsync {
  const store = (request: FastifyRequest, files: AcceptedFile[], fail = false) =>
    ctx.documents.store(requireUser(request).id, files, request.deadlineAt, async (_trx, ids) => {
      if (fail) throw new ApiError(400, probeMessages.laterStepFailed);
      return { ids };
    });
  return async (app) => {
    const config = { acceptsUploads: true };
    app.post('/test/pan', { config }, async (request) => {
      const form = await readUploadForm(request, panForm);
      return store(request, [form.files.pan]);
    });
    app.post('/test/nominees', { config }, async (request) => {
      const form = await readUploadForm(request, nomineeForm);
      const count = (JSON.parse(form.text.nomineeDetails) as unknown[]).length;
      const proofs = Array.from({ length: count }, (_, index) => form.groups.documentProof.get(index));
      if (proofs.some((proof) => !proof)) throw new ApiError(400, 'nominee.notJson');
      return store(request, proofs as AcceptedFile[], form.text.failAfterStore === 'yes');
    });
    app.post('/test/income', { config }, async (request) => {
      const form = await readUploadForm(request, incomeForm);
      return store(request, [form.files.proof_of_income]);
    });
    app.post('/test/modification', { config }, async (request) => {
      const form = await readUploadForm(request, modificationForm);
      return store(request, [form.files.data]);
    });
  };
}
