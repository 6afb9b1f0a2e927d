/** The modification screen's `options` from flow-config/pages/modification.json (checked by options.schema.json). */
export interface ModificationOptions {
  /** Route whose personalDetails options hold the questions (labels, order; values from that page's schema). */
  questionsFrom: string;
  /** schemas/step-data/<schema>.schema.json of the payload: required fields, messages, value spelling. */
  schema: string;
  /** Effect name from src/effects/registry.ts. */
  effect: string;
  /** 'continue' (default) or a route. */
  next?: string;
  /** The rejected step this screen's form fixes. */
  detailsStep: string;
  /** Route whose copy holds the 'rejected.<step>' labels (the resume screen's). */
  rejectedLabelsFrom?: string;
}

export function readModificationOptions(options: Record<string, unknown> | undefined, where: string): ModificationOptions {
  const missing = ['questionsFrom', 'schema', 'effect', 'detailsStep'].filter((key) => typeof options?.[key] !== 'string');
  if (!options || missing.length > 0) throw new Error(`${where}: options need ${missing.join(', ')} (run npm run check:config)`);
  return options as unknown as ModificationOptions;
}
