import { indianDate, displayDate } from '../../core/engine/rectification';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import type { Caller } from '../schemas/request';
import type { AnswersStamp } from '../steps/step-answers';
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

/**
 * The nominee step's acknowledgement (nominees or the opt-out): `stamp` adds its reference and time to the step's
 * answers as they are saved (steps/step-answers.ts); once saved, `email` sends it to the applicant with that reference.
 */
export interface NominationAcknowledgement {
  stamp: AnswersStamp;
  email(user: UserRow, kind: NominationKind, nominees: number, caller: Pick<Caller, 'log' | 'deadline'>): Promise<void>;
}

export function nominationAcknowledgement(ctx: AppContext): NominationAcknowledgement {
  let stamped: { reference: string; at: number } | undefined;
  return {
    async stamp(trx) {
      const at = ctx.clock();
      stamped = { reference: nominationReference(at, await nextInSequence(trx, 'nomination')), at };
      return { nominationReference: stamped.reference, nominationAcknowledgedAt: new Date(at).toISOString() };
    },
    async email(user, kind, nominees, { log, deadline }) {
      if (!stamped) throw new Error('a nomination acknowledged by email before its step was saved with its stamp');
      if (!user.email) return;
      const texts = ctx.texts.in(user.language);
      const what = kind === 'nominated' ? texts.say('regulation.nominationNominees', { count: String(nominees) }) : texts.say('regulation.nominationOptOut');
      const values = { reference: stamped.reference, date: displayDate(indianDate(stamped.at)), what };
      try {
        await ctx.email.send({ to: user.email, subject: texts.say('regulation.nominationEmailSubject', values), text: texts.say('regulation.nominationEmailText', values) }, deadline);
      } catch (error) {
        // The reference stands (it is on screen and on the record); the email is best effort.
        log.warn({ err: error }, 'nomination acknowledgement email failed');
      }
    },
  };
}
