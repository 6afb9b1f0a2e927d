import type { OpsConfig } from '../../../core/api/generated/schema-types';
import { type ConfigBundle, mergePages } from '../../../core/engine/config-types';
import type { AppContext } from '../../context';
import { type AnswerLabeller, type AnswerSources, createAnswerLabeller } from '../../platform/answer-labels';
import { schemasOf, type StepValidators } from '../../validation/step-validators';

export type { AnswerLabeller };

const opsWording = (ops: OpsConfig) => ({
  yes: ops.texts.yes,
  no: ops.texts.no,
  listItemNamed: ops.texts.listItemNamed,
  tickedAt: ops.texts.tickedAt,
  fieldLabels: ops.fieldLabels,
  valueLabels: ops.valueLabels,
  itemLabels: ops.itemLabels,
});

/** The back office's reading of stored answers: the forms' English texts, and ops.json's words for what no form names. */
export function createOpsAnswerLabeller(config: ConfigBundle & { ops: OpsConfig }, validators: StepValidators): AnswerLabeller {
  return createAnswerLabeller({ flow: config.flow, pages: mergePages(config), schemas: schemasOf(validators) }, opsWording(config.ops));
}

const releaseLabellers = new WeakMap<AppContext, AnswerLabeller>();

/**
 * The reading of an application served by another config release than the running one (issue 29): its forms' texts in
 * the default language (as written), ops.json's words as they are now. Made once per release.
 */
export function releaseAnswerLabeller(served: AppContext): AnswerLabeller {
  let labeller = releaseLabellers.get(served);
  if (!labeller) {
    const sources: AnswerSources = { flow: served.flow, pages: served.texts.in(served.texts.languages.default).pages, schemas: schemasOf(served.stepValidators) };
    labeller = createAnswerLabeller(sources, opsWording(served.opsConfig));
    releaseLabellers.set(served, labeller);
  }
  return labeller;
}
