import type { FlowConfig, StepId, UploadBinding } from './flow-types';
import type { JsonSchemaObject } from './form-catalog';
import { isMessageCode, type TextTable } from './message-codes';
import { uploadFieldsOf } from './upload-limits';

/**
 * Pure: the routes flow.json binds to the one save handler of server/steps/: each api entry with a `message`. Its
 * answers are the `body` schema's: sent as JSON, or as a multipart form when it has `upload` (each multipart field
 * name mapped onto an "x-upload" field of that schema); a `skip` route takes no answers and stores that the step was
 * skipped; a route with `fixes` merges its answers into the rejected step's. The answer carries `message`.
 */
export interface SaveBinding {
  step: StepId;
  /** 'POST /user/personal-details' */
  route: string;
  /** schemas/step-data/<body>.schema.json */
  body: string | undefined;
  /** flow-config/messages.json code of the answer's `message`. */
  message: string;
  upload: UploadBinding | undefined;
  skip: boolean;
  /** The rejected steps it may fix (the first by default). */
  fixes: StepId[] | undefined;
  /** Its JSON path in flow.json, for the config check's messages. */
  where: string;
}

export function saveBindings(flow: FlowConfig): SaveBinding[] {
  return flow.steps.flatMap((step, index) =>
    (step.api ?? []).flatMap((entry, at) =>
      typeof entry !== 'string' && entry.message
        ? [
            {
              step: step.id,
              route: entry.route,
              body: entry.body,
              message: entry.message,
              upload: entry.upload,
              skip: entry.skip === true,
              fixes: entry.fixes === undefined ? undefined : [entry.fixes].flat(),
              where: `/steps/${index}/api/${at}`,
            },
          ]
        : [],
    ),
  );
}

/** What is wrong with one binding, given its body schema's file fields. */
function bindingProblems(binding: SaveBinding, schema: JsonSchemaObject | undefined, messages: TextTable): string[] {
  const where = `flow-config/flow.json: ${binding.where} ('${binding.route}')`;
  const files = new Set(uploadFieldsOf(schema).map(({ field }) => field));
  const problems: string[] = [];
  if (!binding.route.startsWith('POST ')) problems.push(`${where}: a route that saves a step must be a POST route`);
  if (!isMessageCode(messages, binding.message)) problems.push(`${where}/message: '${binding.message}' is not a code of flow-config/messages.json`);
  if (binding.skip) {
    if (binding.body || binding.upload || binding.fixes) problems.push(`${where}: a "skip" route takes no answers: no "body", "upload" or "fixes"`);
    return problems;
  }
  if (!binding.body) {
    problems.push(`${where}: a route that saves a step needs a "body" schema: the answers it stores`);
    return problems;
  }
  if (binding.upload && binding.fixes) problems.push(`${where}: a route with "fixes" takes its answers as JSON, without "upload"`);
  if (!binding.upload && schema && files.size > 0) {
    problems.push(`${where}: schemas/step-data/${binding.body}.schema.json has file fields (${[...files].join(', ')}): the route needs "upload", mapping multipart names onto them`);
  }
  if (binding.upload && schema && files.size === 0) problems.push(`${where}/upload: schemas/step-data/${binding.body}.schema.json declares no "x-upload" field`);
  for (const [name, field] of Object.entries(binding.upload?.fields ?? {})) {
    if (schema && !files.has(field)) {
      problems.push(`${where}/upload/fields/${name}: '${field}' is not an "x-upload" field of schemas/step-data/${binding.body}.schema.json (its file fields: ${[...files].join(', ') || 'none'})`);
    }
  }
  return problems;
}

/** Every save binding that the server could not serve as written, each naming its JSON path in flow.json. */
export function saveBindingProblems(flow: FlowConfig, schemas: Readonly<Record<string, JsonSchemaObject>>, messages: TextTable): string[] {
  return saveBindings(flow).flatMap((binding) => bindingProblems(binding, binding.body ? schemas[binding.body] : undefined, messages));
}
