import type { QuestionStep, SegmentRule } from './options';
import type { ObjectSchema } from './questions';
import type { Wizard } from './use-wizard';

/** What the screen gives every step view; the view for a step is chosen by its `type`, never its id. */
export interface StepViewProps<S extends QuestionStep = QuestionStep> {
  step: S;
  wizard: Wizard;
  schema: ObjectSchema;
  copy: Record<string, string>;
  viewMoreAfter: { over: number; show: number };
  /** Id of the h1 that names the step, for the view's accessible group name. */
  titleId: string;
  /** Next on the last step submits; elsewhere it moves on. */
  onNext: () => void;
  busy: boolean;
  /** 'Reselect Income': back to the question of the rule's field, then back here. */
  onReselect: (rule: SegmentRule) => void;
}
