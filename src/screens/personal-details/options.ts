/**
 * The personalDetails screen's `options` from flow-config/pages/personal-details.json, as checked by
 * options.schema.json. Option values are not listed here: they are the step-data schema's enums.
 */

interface StepBase {
  /** Stable id, also the key of the stored progress. */
  id: string;
  title: string;
  subtitle?: string;
}

/** One question answered by picking one of the schema enum's values; picking advances. */
export interface ChoiceStep extends StepBase {
  type: 'choice';
  field: string;
  /** Short name of the question (the modification form's field label). */
  label: string;
  /** Show the options in reverse schema order (income, highest first). */
  reverse?: boolean;
  /** Display text per value, when the value itself is not the text to show. */
  optionLabels?: Record<string, string>;
}

export interface NameField {
  field: string;
  label: string;
  placeholder?: string;
  help?: string;
}

/** Several text fields on one step; Next needs every one longer than `longerThan` characters. */
export interface NamesStep extends StepBase {
  type: 'names';
  longerThan: number;
  fields: NameField[];
}

export interface SegmentOption {
  value: string;
  label: string;
  exchanges?: string;
  /** Always selected; cannot be unselected. */
  locked?: boolean;
  /** Selected at the start (locked segments always are). */
  selected?: boolean;
}

/** A segment that a value of another answer rules out, with the warning's copy. */
export interface SegmentRule {
  segment: string;
  field: string;
  values: string[];
  title: string;
  message: string;
  reselect: string;
  remove: string;
}

export interface Declarations {
  field: string;
  default: boolean;
  label: string;
  items: string[];
  /** Items shown before 'Show More'. */
  visible: number;
  showMore: string;
  showLess: string;
}

export interface SegmentsStep extends StepBase {
  type: 'segments';
  field: string;
  label: string;
  segments: SegmentOption[];
  lockedNote?: string;
  charges: { title: string; text: string; learnMore: string; learnMoreUrl: string };
  declarations?: Declarations;
  rules?: SegmentRule[];
}

export type QuestionStep = ChoiceStep | NamesStep | SegmentsStep;
export type StepType = QuestionStep['type'];

export interface PersonalDetailsOptions {
  /** schemas/step-data/<schema>.schema.json: option values, limits and messages. */
  schema: string;
  /** Effect name from src/effects/registry.ts. */
  effect: string;
  /** 'continue' (default) or a route. */
  next?: string;
  /** More than `over` options: the first `show` are listed, with 'View More' for the rest. */
  viewMoreAfter: { over: number; show: number };
  steps: QuestionStep[];
}

/** The options as config gave them; npm run check:config has checked the shape, so this only guards the basics. */
export function readPersonalDetailsOptions(options: Record<string, unknown> | undefined, where: string): PersonalDetailsOptions {
  if (!options || !Array.isArray(options.steps) || typeof options.schema !== 'string' || typeof options.effect !== 'string') {
    throw new Error(`${where}: options need "schema", "effect" and "steps" (run npm run check:config)`);
  }
  return options as unknown as PersonalDetailsOptions;
}
