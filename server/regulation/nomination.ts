import type { FastifyBaseLogger } from 'fastify';
import { indianDate, displayDate } from '../../core/engine/rectification';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { findStepAnswers, saveStepAnswers } from '../platform/repositories/step-store';
import { nextInSequence } from './repository';

/**
 * SEBI's nomination rules (January 2025): every nomination, and every opt-out, is acknowledged. Each submission gets
 * a reference of its own (NOM-<Indian date>-<number>), kept with the step's answer (`nominationReference`,
 * `nominationAcknowledgedAt`: on the applicant record and in the data export) and emailed to the applicant.
 */

export type NominationKind = 'nominated' | 'optedOut';

/** 'NOM-20260115-000042' */
export function nominationReference(now: number, number: number): string {
  return `NOM-${indianDate(now).replaceAll('-', '')}-${String(number).padStart(6, '0')}`;
}

/** After the nominee step was saved (nominees or the opt-out): its reference, stored with the answer and emailed. */
export async function acknowledgeNomination(ctx: AppContext, user: UserRow, stepId: string, kind: NominationKind, log: FastifyBaseLogger): Promise<string> {
  const now = ctx.clock();
  const reference = nominationReference(now, await nextInSequence(ctx.db, 'nomination'));
  const answers = (await findStepAnswers(ctx.db, user.id, stepId)) ?? {};
  const count = Array.isArray(answers.nominees) ? answers.nominees.length : 0;
  await saveStepAnswers(ctx.db, user.id, stepId, { ...answers, nominationReference: reference, nominationAcknowledgedAt: new Date(now).toISOString() }, now);
  if (user.email) {
    const texts = ctx.texts.in(user.language);
    const what = kind === 'nominated' ? texts.say('regulation.nominationNominees', { count: String(count) }) : texts.say('regulation.nominationOptOut');
    const values = { reference, date: displayDate(indianDate(now)), what };
    try {
      await ctx.email.send({ to: user.email, subject: texts.say('regulation.nominationEmailSubject', values), text: texts.say('regulation.nominationEmailText', values) });
    } catch (error) {
      // The reference stands (it is on screen and on the record); the email is best effort.
      log.warn({ err: error }, 'nomination acknowledgement email failed');
    }
  }
  return reference;
}
