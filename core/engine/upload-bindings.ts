import type { FlowConfig, StepId, UploadBinding } from './flow-types';
import type { JsonSchemaObject } from './form-catalog';
import { isMessageCode, type TextTable } from './message-codes';
import { uploadFieldsOf } from './upload-limits';

/**
 * Pure: spec paths bound to file steps in flow.json (`"upload"` on a step's api entry). The route's multipart form
 * is its `body` schema's answers, with each multipart field name mapped onto an "x-upload" field of that schema.
 */
export interface DeclaredUploadBinding extends UploadBinding {
  step: StepId;
  /** 'POST /user/pan-proof-upload' */
  route: string;
  /** schemas/step-data/<body>.schema.json */
  body: string | undefined;
  /** Its JSON path in flow.json, for the config check's messages. */
  where: string;
}

export function uploadBindings(flow: FlowConfig): DeclaredUploadBinding[] {
  return flow.steps.flatMap((step, index) =>
    (step.api ?? []).flatMap((entry, at) =>
      typeof entry !== 'string' && entry.upload
        ? [{ ...entry.upload, step: step.id, route: entry.route, body: entry.body, where: `/steps/${index}/api/${at}` }]
        : [],
    ),
  );
}

/** Where a step's file form goes when flow.json binds it to a path of its own: that path and each field's multipart name. */
export interface StepUploadPath {
  /** '/user/pan-proof-upload', under the API's prefix. */
  url: string;
  /** The schema's file field → its multipart name ('documentId' → 'pan'). */
  names: Readonly<Record<string, string>>;
}

export function stepUploadPath(flow: FlowConfig, stepId: StepId): StepUploadPath | undefined {
  const binding = uploadBindings(flow).find((found) => found.step === stepId);
  if (!binding) return undefined;
  const names = Object.fromEntries(Object.entries(binding.fields).map(([wire, field]) => [field, wire]));
  return { url: binding.route.slice(binding.route.indexOf(' ') + 1), names };
}

/** A binding naming no body schema, a field that is not one of its "x-upload" fields, or a message with no text. */
export function uploadBindingProblems(flow: FlowConfig, schemas: Readonly<Record<string, JsonSchemaObject>>, messages: TextTable): string[] {
  const problems: string[] = [];
  for (const binding of uploadBindings(flow)) {
    const where = `flow-config/flow.json: ${binding.where} ('${binding.route}')`;
    if (!binding.route.startsWith('POST ')) problems.push(`${where}: an upload binding must be a POST route`);
    const schema = binding.body ? schemas[binding.body] : undefined;
    if (!binding.body) problems.push(`${where}: an "upload" binding needs a "body" schema whose "x-upload" fields it fills`);
    const files = new Set(uploadFieldsOf(schema).map(({ field }) => field));
    for (const [name, field] of Object.entries(binding.fields)) {
      if (schema && !files.has(field)) {
        problems.push(`${where}/upload/fields/${name}: '${field}' is not an "x-upload" field of schemas/step-data/${binding.body}.schema.json (its file fields: ${[...files].join(', ') || 'none'})`);
      }
    }
    if (!isMessageCode(messages, binding.message)) {
      problems.push(`${where}/upload/message: '${binding.message}' is not a code of flow-config/messages.json`);
    }
  }
  return problems;
}
