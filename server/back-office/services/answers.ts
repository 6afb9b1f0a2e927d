import type { OpsConfig } from '../../../core/api/generated/schema-types';
import { type ConfigBundle, mergePages } from '../../../core/engine/config-types';
import { type AnswerLabeller, createAnswerLabeller } from '../../platform/answer-labels';
import { schemasOf, type StepValidators } from '../../validation/step-validators';

export type { AnswerLabeller };

/** The back office's reading of stored answers: the forms' English texts, and ops.json's words for what no form names. */
export function createOpsAnswerLabeller(config: ConfigBundle & { ops: OpsConfig }, validators: StepValidators): AnswerLabeller {
  const { ops } = config;
  return createAnswerLabeller(
    { flow: config.flow, pages: mergePages(config), schemas: schemasOf(validators) },
    { yes: ops.texts.yes, no: ops.texts.no, listItemNamed: ops.texts.listItemNamed, tickedAt: ops.texts.tickedAt, fieldLabels: ops.fieldLabels, valueLabels: ops.valueLabels, itemLabels: ops.itemLabels },
  );
}
