import type { KraAnswer, KraStatus } from './kra';
import { kraDate } from './kra';
import { type XmlElement, type XmlFields, textAt } from '../xml';

/**
 * The KRAs' common record format (KRA interoperability XML), as CAMS' DownloadPANDetails and CVL's
 * SolicitPANDetailsFetchALLKRA both answer it: APP_NAME, APP_DOB_DT and the permanent address APP_PER_ADD1-3,
 * APP_PER_CITY, APP_PER_PINCD, APP_PER_STATE, APP_PER_CTRY. One reader for the clients, one writer for the simulators.
 */

/** A validated or registered record as our answer; `name` when the record has none (the status inquiry's). */
export function answerFromRecord(status: Extract<KraStatus, 'validated' | 'registered'>, record: XmlElement, name: string | undefined): KraAnswer {
  const dateOfBirth = kraDate(textAt(record, 'APP_DOB_DT'));
  return {
    status,
    name: textAt(record, 'APP_NAME') || name || '',
    ...(dateOfBirth ? { dateOfBirth } : {}),
    address: {
      line1: textAt(record, 'APP_PER_ADD1'),
      line2: textAt(record, 'APP_PER_ADD2'),
      line3: textAt(record, 'APP_PER_ADD3'),
      city: textAt(record, 'APP_PER_CITY'),
      pincode: textAt(record, 'APP_PER_PINCD'),
      state: textAt(record, 'APP_PER_STATE'),
      country: textAt(record, 'APP_PER_CTRY'),
    },
  };
}

/** An on-hold or rejected record's name and reason (APP_HOLD_DEACTIVE_RMKS), as the status inquiry gives them. */
export function answerOnHold(status: Extract<KraStatus, 'on_hold' | 'rejected'>, inquiry: XmlElement | undefined): KraAnswer {
  const name = textAt(inquiry, 'APP_NAME');
  const reason = textAt(inquiry, 'APP_HOLD_DEACTIVE_RMKS');
  return { status, ...(name ? { name } : {}), ...(reason ? { reason } : {}) };
}

/** The record fields of a name, a date of birth (as the KRA writes it) and an address. */
export function recordFields(name: string, birthDate: string, address: NonNullable<KraAnswer['address']>): XmlFields {
  return {
    APP_NAME: name,
    APP_DOB_DT: birthDate,
    APP_PER_ADD1: address.line1,
    APP_PER_ADD2: address.line2,
    APP_PER_ADD3: address.line3,
    APP_PER_CITY: address.city,
    APP_PER_PINCD: address.pincode,
    APP_PER_STATE: address.state,
    APP_PER_CTRY: address.country,
  };
}
