import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/api/types';
import { type TestApp, startTestApp } from '../helpers';
import { type Applicant, type Fields, applicantAtPan, expectFields, send, today, tomorrow } from '../step-fixtures';

/**
 * Spec section 5 (PAN, date input) through HTTP: the same schema file as the browser, so the same messages and
 * the same calendar rule (x-dateWithin: a real day from 01/01/1900 to today, by the server's clock). Each case
 * gives the expected `errors` by field.
 */

let t: TestApp;
let who: Applicant;
beforeAll(async () => {
  t = await startTestApp();
  who = await applicantAtPan(t);
});
afterAll(() => t.close());

describe('PAN step: POST /api/user/pan-number', () => {
  const url = '/api/user/pan-number';
  const dob = '15/08/1990';
  const pan = 'Enter valid PAN Number';
  const date = 'Enter valid Date of Birth';

  it.each<[string, unknown, Fields]>([
    ['9 characters', 'ABCPE1234', { pan: [pan] }],
    ['10 characters in the wrong pattern', 'ABCP123456', { pan: [pan] }],
    ['digits where letters belong', '12345ABCDE', { pan: [pan] }],
    ['lowercase (the form forces uppercase; the server does not guess)', 'abcpe1234f', { pan: [pan] }],
    ['11 characters', 'ABCPE1234FG', { pan: [pan] }],
    ['a character that is not a letter or digit', 'ABCPE-234F', { pan: [pan] }],
    ['spaces around it', ' ABCPE1234F ', { pan: [pan] }],
    ['empty', '', { pan: [pan] }],
    ['a number', 1234567890, { pan: [pan] }],
    ['null', null, { pan: [pan] }],
  ])('PAN %s: %j', async (_name, value, fields) => {
    await expectFields(t, who, url, { pan: value, dateOfBirth: dob }, fields);
  });

  it.each<[string, unknown]>([
    ['ISO order', '1990-08-15'],
    ['day 32', '32/01/1990'],
    ['month 13', '01/13/1990'],
    ['single digits', '1/1/1990'],
    ['31 April (not a calendar day)', '31/04/1990'],
    ['29 February in a common year', '29/02/2001'],
    ['before 01/01/1900', '31/12/1899'],
    ['tomorrow', tomorrow],
    ['far future', '01/01/2999'],
    ['a number', 19900815],
    ['empty', ''],
  ])('date of birth %s (%j): Enter valid Date of Birth', async (_name, dateOfBirth) => {
    await expectFields(t, who, url, { pan: 'ABCPE1234F', dateOfBirth }, { dateOfBirth: [date] });
  });

  it.each([
    ['01/01/1900, the first day allowed', '01/01/1900'],
    ['29 February in a leap year', '29/02/2000'],
    ['today (India)', today],
  ])('accepts the date of birth %s', async (_name, dateOfBirth) => {
    const { status, body } = await send(t, who, url, { pan: 'ABCPE1234F', dateOfBirth });
    expect(status).toBe(200);
    expect(body).toMatchObject({ pan: 'ABCPE1234F', dateOfBirth });
  });

  it('both fields missing: each with its own message', async () => {
    await expectFields(t, who, url, {}, { pan: [pan], dateOfBirth: ['Date of Birth is required'] });
  });

  it('a wrong PAN and an unreal date are both reported', async () => {
    const answer = (await send<ApiErrorBody>(t, who, url, { pan: 'ABC', dateOfBirth: '30/02/1990' })).body;
    // The calendar rule is the schema's own (x-dateWithin), checked with the rest; the PAN's message comes first.
    expect(answer.message).toBe(pan);
    expect(answer.errors).toEqual({ pan: [pan], dateOfBirth: [date] });
  });

  it('an unknown property is refused by name', async () => {
    await expectFields(t, who, url, { pan: 'ABCPE1234F', dateOfBirth: dob, name: 'X' }, { '': ["body has an unknown property 'name'"] });
  });
});
