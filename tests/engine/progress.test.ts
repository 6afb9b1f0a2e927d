import { describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../core/engine/flow-types';
import { progress } from '../../core/engine/progress';
import { swapSteps } from '../fixtures/flow-config';
import { miniFlow, miniJourney } from '../fixtures/mini-flow';

// Mechanics on a flow of the tests' own; the spec's 14 counted statuses and 13 groups: tests/config/spec-contract.test.ts.
const flow = miniFlow();
// The applicant's steps: the status after the journey (in_review) is none of theirs.
const total = miniJourney.length - 1;

describe('progress: the journey steps behind the applicant over all of them, as a percent', () => {
  it('counts the journey steps, not the status after them', () => {
    expect(total).toBe(8);
    expect(progress(flow, 'sign_in').total).toBe(total);
  });

  it.each([
    ['sign_in', 0, 0, 'Start'],
    ['contact', 1, 13, 'Contact'],
    ['identity', 2, 25, 'Identity'],
    ['photo', 3, 38, 'Identity'],
    ['terms', 4, 50, 'Agreement'],
    ['signature', 5, 63, 'Agreement'],
    ['selfie', 6, 75, 'Selfie'],
    ['payment', 7, 88, 'Payment'],
    // Submitted: every step done (issue 32: it read 93 % after submission).
    ['in_review', 8, 100, 'Review'],
  ])('next step %s: %i done, %i%%, group %s', (step, done, percent, group) => {
    expect(progress(flow, step)).toMatchObject({ done, total, percent, groupLabel: group });
  });

  it.each([
    ['approved', 'Review'],
    ['fixing', 'Review'],
    ['open', 'Account'],
  ])('a status past the journey (%s) counts every step as done, in its own group', (step, group) => {
    expect(progress(flow, step)).toMatchObject({ done: total, percent: 100, groupLabel: group });
  });

  it('while steps sent back are pending, they count as not done: 100 % only once they are fixed (issue 32)', () => {
    expect(progress(flow, 'fixing', ['photo', 'signature'])).toMatchObject({ done: total - 2, total, percent: 75 });
    expect(progress(flow, 'in_review', [])).toMatchObject({ done: total, percent: 100 });
    // A name that is no journey step (a status) takes nothing off.
    expect(progress(flow, 'fixing', ['approved'])).toMatchObject({ done: total, percent: 100 });
  });

  it('a rejection has no say before submission: the position counts', () => {
    expect(progress(flow, 'terms', ['photo'])).toMatchObject({ done: 4 });
  });

  it('starts at zero with no next step, in no group', () => {
    expect(progress(flow, null)).toMatchObject({ done: 0, percent: 0, groupIndex: -1, groupLabel: undefined });
    expect(progress(flow, undefined)).toMatchObject({ done: 0, groupIndex: -1 });
  });

  it('names the group by its index in progress.groups', () => {
    expect(progress(flow, 'photo').groupIndex).toBe(2);
    expect(progress(flow, 'open').groupIndex).toBe(flow.progress.groups.length - 1);
  });
});

describe('progress follows the config', () => {
  /** A journey step with a progress group of its own, inserted after `after`. */
  function withStepAfter(base: FlowConfig, after: string): FlowConfig {
    const steps = [...base.steps];
    steps.splice(steps.findIndex((s) => s.id === after) + 1, 0, { id: 'tax', title: 'Tax', journey: true, routes: ['/tax'], schema: 'tax' });
    const groups = [...base.progress.groups];
    groups.splice(groups.findIndex((g) => g.steps.includes(after)) + 1, 0, { label: 'Tax', steps: ['tax'] });
    return { ...base, steps, progress: { ...base.progress, groups } };
  }

  it('a step added counts, is named by its group, and moves the steps after it one place on', () => {
    const added = withStepAfter(flow, 'photo');
    expect(progress(added, 'tax')).toMatchObject({ done: 4, total: total + 1, groupLabel: 'Tax' });
    expect(progress(added, 'terms')).toMatchObject({ done: 5, total: total + 1, groupLabel: 'Agreement' });
    expect(progress(added, 'photo')).toMatchObject({ done: 3, total: total + 1 });
  });

  it('two steps swapped swap their places', () => {
    const swapped = swapSteps(flow, 'contact', 'identity');
    expect(progress(swapped, 'identity')).toMatchObject({ done: 1, groupLabel: 'Identity' });
    expect(progress(swapped, 'contact')).toMatchObject({ done: 2, groupLabel: 'Contact' });
  });
});
