import { findStep } from './flow';
import { apiBindings } from './step-api';
import type { EmailCopy, FlowConfig, ReviewAction, StepId } from './flow-types';
import { rectificationDays } from './settings';

/**
 * Pure: the back office's decisions as flow.json's `review` declares them. Which decision is allowed from which
 * status, where it leads, and which steps a reject may send back live in config; this file only applies them.
 */

export const reviewActions: readonly ReviewAction[] = ['reject', 'approve', 'setup', 'complete', 'reverify'];

/** The body of POST /api/ops/applications/{id}/decision. */
export interface DecisionRequest {
  action: string;
  /** reject only: step id → reason shown to the applicant. */
  rejectedSteps?: Record<string, string>;
}

/** Stored on the applicant as today's user record shows it: `{ step: { reason } }`. */
export type RejectedReasons = Record<StepId, { reason: string }>;

export interface DecisionPlan {
  action: ReviewAction;
  from: StepId;
  to: StepId;
  /** The applicant's rejected steps after the decision: exactly those sent back by a reject, else none. */
  rejectedSteps: RejectedReasons;
}

/** 'invalid': the request itself is wrong (400); 'conflict': not allowed from the applicant's status (409). */
export type Refusal = { ok: false; kind: 'invalid' | 'conflict'; message: string };
export type Planned<T> = { ok: true; value: T } | Refusal;

const invalid = (message: string): Refusal => ({ ok: false, kind: 'invalid', message });
const conflict = (message: string): Refusal => ({ ok: false, kind: 'conflict', message });

export function isReviewAction(action: string): action is ReviewAction {
  return (reviewActions as readonly string[]).includes(action);
}

function rejectedReasons(flow: FlowConfig, sent: Record<string, string> | undefined): Planned<RejectedReasons> {
  const entries = Object.entries(sent ?? {});
  if (entries.length === 0) return invalid('reject needs rejectedSteps: each step to send back, with its reason');
  const reasons: RejectedReasons = {};
  for (const [step, reason] of entries) {
    if (!findStep(flow, step)) return invalid(`unknown step '${step}'`);
    if (!flow.review.rejectable.includes(step)) {
      return invalid(`step '${step}' cannot be rejected; rejectable steps: ${flow.review.rejectable.join(', ')}`);
    }
    if (typeof reason !== 'string' || reason.trim() === '') return invalid(`give a reason for rejecting '${step}'`);
    reasons[step] = { reason: reason.trim() };
  }
  return { ok: true, value: reasons };
}

/** What a decision does to an applicant whose next step is `status`, or why it may not be taken. */
export function planDecision(flow: FlowConfig, status: StepId | null, request: DecisionRequest): Planned<DecisionPlan> {
  const { action } = request;
  if (!isReviewAction(action)) return invalid(`action must be one of: ${reviewActions.join(', ')}`);
  let rejectedSteps: RejectedReasons = {};
  if (action === 'reject') {
    const reasons = rejectedReasons(flow, request.rejectedSteps);
    if (!reasons.ok) return reasons;
    rejectedSteps = reasons.value;
  } else if (request.rejectedSteps !== undefined) {
    return invalid('rejectedSteps is only for reject');
  }
  const decision = flow.review.decisions[action];
  if (!status || !decision.from.includes(status)) {
    return conflict(`cannot ${action} an application at '${status ?? 'no step'}'; ${action} is allowed from: ${decision.from.join(', ')}`);
  }
  return { ok: true, value: { action, from: status, to: decision.to, rejectedSteps } };
}

/** Whether the re-KYC link may be sent to an applicant whose next step is `status`. */
export function planRekyc(flow: FlowConfig, status: StepId | null): Planned<StepId> {
  const { from } = flow.review.rekyc;
  if (!status || !from.includes(status)) {
    return conflict(`cannot send a re-KYC link to an application at '${status ?? 'no step'}'; allowed from: ${from.join(', ')}`);
  }
  return { ok: true, value: status };
}

/** An email's copy with `{name}`, `{steps}`, `{link}` filled in; unknown placeholders stay as written. */
export function fillEmail(copy: EmailCopy, values: Record<string, string>): EmailCopy {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
  return { subject: fill(copy.subject), text: fill(copy.text) };
}

/** Config check of `review`: every step it names exists, only journey steps with a fix route are
 * rejectable, emails carry their data. */
export function reviewConfigProblems(flow: FlowConfig): string[] {
  const where = 'flow-config/flow.json: review';
  const problems: string[] = [];
  const need = (id: StepId, path: string) => {
    if (!findStep(flow, id)) problems.push(`${where}.${path} names unknown step '${id}'`);
  };
  for (const action of reviewActions) {
    const decision = flow.review.decisions[action];
    decision.from.forEach((id) => need(id, `decisions.${action}.from`));
    need(decision.to, `decisions.${action}.to`);
  }
  const fixable = new Set<StepId>();
  for (const binding of apiBindings(flow).values()) {
    for (const id of [...(binding.fixes ?? []), ...(binding.fixedBy?.fixes ?? [])]) fixable.add(id);
  }
  for (const id of flow.review.rejectable) {
    need(id, 'rejectable');
    if (findStep(flow, id) && !findStep(flow, id)?.journey) problems.push(`${where}.rejectable: '${id}' is not a journey step`);
    // A step sent back with no route to fix it would leave the applicant stuck in modification.
    if (!fixable.has(id)) problems.push(`${where}.rejectable: no API route fixes '${id}' (add one with "fixes" to the modification step)`);
  }
  flow.review.rekyc.from.forEach((id) => need(id, 'rekyc.from'));
  if (!flow.review.decisions.reject.email.text.includes('{steps}')) problems.push(`${where}.decisions.reject.email.text must contain {steps}`);
  if (!flow.review.rekyc.email.text.includes('{link}')) problems.push(`${where}.rekyc.email.text must contain {link}`);
  return problems;
}

/** Config check of the rectification deadline: reminders fall before it, the expired status is a status shown on /completed. */
export function rectificationConfigProblems(flow: FlowConfig): string[] {
  const where = 'flow-config/flow.json: review';
  const rules = flow.review.rectification;
  if (!rules) return [];
  const problems: string[] = [];
  // Every deadline counts: the general one and each KRA status's own (daysByKraStatus).
  const deadlines = [['rectificationDays', rectificationDays(flow)] as const, ...Object.entries(rules.daysByKraStatus ?? {}).map(([status, value]) => [`daysByKraStatus.${status}`, value ?? 0] as const)];
  const [label, days] = deadlines.reduce((shortest, candidate) => (candidate[1] < shortest[1] ? candidate : shortest));
  rules.reminderDays.forEach((day, index) => {
    if (day >= days) problems.push(`${where}.rectification.reminderDays/${index}: day ${day} is not before the deadline (${label} ${days})`);
    const before = rules.reminderDays[index - 1];
    if (before !== undefined && day <= before) problems.push(`${where}.rectification.reminderDays/${index}: days must increase (${before}, then ${day})`);
  });
  const status = findStep(flow, rules.expiredStatus);
  if (!status) problems.push(`${where}.rectification.expiredStatus names unknown step '${rules.expiredStatus}'`);
  else if (status.journey) problems.push(`${where}.rectification.expiredStatus '${rules.expiredStatus}' must be a status, not a journey step`);
  if (!Object.values(flow.completedStages).some((stage) => stage.steps.includes(rules.expiredStatus))) {
    problems.push(`${where}.rectification.expiredStatus '${rules.expiredStatus}' is in no completedStages entry, so the applicant would not see why`);
  }
  for (const name of ['reminderEmail', 'expiredEmail', 'reopenEmail'] as const) {
    if (!rules[name].text.includes('{deadline}')) problems.push(`${where}.rectification.${name}.text must contain {deadline}`);
  }
  return problems;
}
