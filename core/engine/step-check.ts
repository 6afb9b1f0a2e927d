import type { JsonSchemaObject } from './form-catalog';
import type { FlowConfig } from './flow-types';

const flowFile = 'flow-config/flow.json';

/**
 * Pure checks of what steps declare in flow.json: the schema of their stored document exists, no field is stored
 * by two steps (both would land on the user), and no API route belongs to two steps
 * (but for a status reusing a step's own route to fix it).
 */
export function stepDeclarationProblems(flow: FlowConfig, schemas: Readonly<Record<string, JsonSchemaObject>>, coreFields: readonly string[]): string[] {
  const problems: string[] = [];
  const fieldOwner = new Map<string, string>(coreFields.map((field) => [field, 'schemas/user.schema.json']));
  const routeOwner = new Map<string, string>();
  const ids = new Set(flow.steps.map((step) => step.id));
  flow.steps.forEach((step, index) => {
    const where = `${flowFile}: /steps/${index} ('${step.id}')`;
    if (step.schema) {
      const schema = schemas[step.schema];
      if (!schema) problems.push(`${where}: schema '${step.schema}' is not in schemas/step-data (known: ${Object.keys(schemas).sort().join(', ')})`);
      const properties = (schema?.properties ?? {}) as Record<string, JsonSchemaObject>;
      for (const [field, sub] of Object.entries(properties)) {
        if (sub['x-onUser'] === false) continue;
        const owner = fieldOwner.get(field);
        if (owner && owner !== 'schemas/user.schema.json') problems.push(`${where}: field '${field}' is also stored by ${owner}; the user can show only one`);
        if (!owner) fieldOwner.set(field, `step '${step.id}'`);
      }
    }
    for (const entry of step.api ?? []) {
      const route = typeof entry === 'string' ? entry : entry.route;
      const owner = routeOwner.get(route);
      const fixes = typeof entry === 'string' || entry.fixes === undefined ? [] : Array.isArray(entry.fixes) ? entry.fixes : [entry.fixes];
      // A step's own route may be declared once more, to fix that very step when rejected (and nothing else).
      const reusedAsFix = owner !== undefined && fixes.length === 1 && fixes[0] === owner;
      if (owner && !reusedAsFix) problems.push(`${where}: route '${route}' is also bound to step '${owner}' (a second declaration may only fix '${owner}')`);
      if (!owner) routeOwner.set(route, step.id);
      for (const fixed of fixes) if (!ids.has(fixed)) problems.push(`${where}: route '${route}' fixes unknown step '${fixed}'`);
      const body = typeof entry === 'string' ? undefined : entry.body;
      if (body && !schemas[body]) problems.push(`${where}: route '${route}' has body schema '${body}', which is not in schemas/step-data (known: ${Object.keys(schemas).sort().join(', ')})`);
    }
  });
  return problems;
}
