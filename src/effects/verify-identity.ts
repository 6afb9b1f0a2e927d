import { verifyWorkflow, type IdentityWorkflow } from '../api/identity';
import type { SubmitEffect } from './types';

const workflows: readonly IdentityWorkflow[] = ['kyc', 'selfie'];

/** After the identity widget approved a KYC or selfie request: the server asks the provider and completes the step. */
export const verifyIdentity: SubmitEffect = async (data, { api }) => {
  const workflow = workflows.find((name) => name === data.workflow);
  const requestId = typeof data.requestId === 'string' ? data.requestId : '';
  if (!workflow || !requestId) throw new Error(`verifyIdentity needs {workflow: kyc|selfie, requestId}, got ${JSON.stringify(data)}`);
  const { message, user } = await verifyWorkflow(api, workflow, requestId);
  return { message, user };
};
