import type { FlowConfig, StepId } from './flow-types';
import { saveBindings } from './save-bindings';

/** Where a step's file form goes when flow.json binds it to a path of its own: that path and each field's multipart name. */
export interface StepUploadPath {
  /** '/user/pan-proof-upload', under the API's prefix. */
  url: string;
  /** The schema's file field → its multipart name ('documentId' → 'pan'). */
  names: Readonly<Record<string, string>>;
}

/** Pure: the path flow.json binds a step's multipart answers to (`"upload"` on a save route), if any. */
export function stepUploadPath(flow: FlowConfig, stepId: StepId): StepUploadPath | undefined {
  const binding = saveBindings(flow).find((found) => found.step === stepId && found.upload);
  if (!binding?.upload) return undefined;
  const names = Object.fromEntries(Object.entries(binding.upload.fields).map(([wire, field]) => [field, wire]));
  return { url: binding.route.slice(binding.route.indexOf(' ') + 1), names };
}
