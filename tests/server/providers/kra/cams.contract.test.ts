import { describe, expect, it } from 'vitest';
import { cams } from '../../../../server/providers/kra/cams';
import { camsResult } from '../../../../server/providers/kra/cams/soap';
import { findElement, parseXml, textAt } from '../../../../server/providers/xml';
import { clientDeps, startVendorSimulator } from '../contract-harness';
import { expectSameFields, kraFixtures, lookupAgainst, specialPanAnswers } from './kra-contract';
import { noDeadline } from '../../../../server/providers/call-budget';

const fixtures = kraFixtures('cams');
const settings = (base: string) => ({ CAMS_KRA_URL: `${base}/services_kycenquiry.asmx`, CAMS_KRA_USER: 'BROKERWS', CAMS_KRA_PASSWORD: 'pw', CAMS_KRA_KEY: 'KEY', CAMS_KRA_POS_CODE: 'P' });

describe('CAMS KRA client, against the documented exchanges', () => {
  it.each(fixtures)('$name', async ({ fixture }) => {
    const { outcome, received } = await lookupAgainst(fixture, (base) => cams.create(settings(base), clientDeps('cams')));
    expect(outcome).toEqual(fixture.expect);
    // Every call is SOAP 1.2 to the service; the password is fetched first, then each call carries it encrypted.
    const calls = received.map((call) => findElement(parseXml(call.text), 'Body')?.children[0]);
    expect(received.every((call) => call.path === '/services_kycenquiry.asmx' && String(call.headers['content-type']).startsWith('application/soap+xml'))).toBe(true);
    expect(calls[0]?.name).toBe('GetPassword');
    expect([textAt(calls[0], 'PASSWORD'), textAt(calls[0], 'PASSKEY')]).toEqual(['pw', 'KEY']);
    const inquiry = calls[1];
    expect(inquiry?.name).toBe('VerifyPANDetails_eKYC');
    expect({
      user: textAt(inquiry, 'USERNAME'),
      pos: textAt(inquiry, 'POSCODE'),
      password: textAt(inquiry, 'PASSWORD'),
      pan: textAt(inquiry, 'APP_PAN_NO'),
      dob: textAt(inquiry, 'APP_PAN_DOB'),
      flag: textAt(inquiry, 'APP_IOP_FLG'),
      records: textAt(inquiry, 'APP_TOTAL_REC'),
    }).toEqual({ user: 'BROKERWS', pos: 'P', password: 'Sb0j0j0GuBBCgOUVITiJaw==', pan: 'ABCPE1234A', dob: '25-05-1975', flag: 'IE', records: '1' });
    if (calls[2]?.name === 'DownloadPANDetails_eKYC') expect(textAt(calls[2], 'APP_IOP_FLG')).toBe('RS');
  });

  it('an encrypted password CAMS no longer accepts (134) is fetched once again, and the lookup goes on', async () => {
    const [expired, fresh] = [fixtures.find((one) => one.name === 'wrong-credentials')?.fixture, fixtures.find((one) => one.name === 'not-available')?.fixture];
    const answers = [...(expired?.answers.slice(0, 2) ?? []), ...(fresh?.answers ?? [])];
    const { outcome, received } = await lookupAgainst({ ...fresh!, answers }, (base) => cams.create(settings(base), clientDeps('cams')));
    expect(outcome).toEqual({ status: 'not_found' });
    expect(received).toHaveLength(4);
  });
});

describe('CAMS KRA simulator', () => {
  it('answers with the documented layout of IOP1 and IOP2', async () => {
    const simulator = await startVendorSimulator(cams);
    const validated = fixtures.find((one) => one.name === 'validated')!.fixture;
    const { received } = await lookupAgainst(validated, (base) => cams.create(settings(base), clientDeps('cams')));
    const send = async (body: string) =>
      (await fetch(simulator.settings.CAMS_KRA_URL ?? '', { method: 'POST', headers: { 'content-type': 'application/soap+xml; charset=utf-8' }, body })).text();
    // The fixture's own calls, with the simulator's credentials in place of the fixture's.
    const passwordCall = received[0]!.text.replace('>pw<', `>${simulator.settings.CAMS_KRA_PASSWORD}<`).replace('>KEY<', `>${simulator.settings.CAMS_KRA_KEY}<`);
    const password = camsResult(await send(passwordCall), 'GetPassword')?.text.trim();
    expect(password).toBeTruthy();
    const signed = (text: string) =>
      text
        .replaceAll('BROKERWS', simulator.settings.CAMS_KRA_USER ?? '')
        .replace('<POSCODE>P</POSCODE>', `<POSCODE>${simulator.settings.CAMS_KRA_POS_CODE}</POSCODE>`)
        .replace('<APP_POS_CODE>P</APP_POS_CODE>', `<APP_POS_CODE>${simulator.settings.CAMS_KRA_POS_CODE}</APP_POS_CODE>`)
        .replace('Sb0j0j0GuBBCgOUVITiJaw==', password ?? '')
        .replace('<PASSKEY>KEY</PASSKEY>', `<PASSKEY>${simulator.settings.CAMS_KRA_KEY}</PASSKEY>`);
    const inquiry = findElement(camsResult(await send(signed(received[1]!.text)), 'VerifyPANDetails_eKYC'), 'APP_PAN_INQ');
    expectSameFields(inquiry, findElement(camsResult(validated.answers[1]!, 'VerifyPANDetails_eKYC'), 'APP_PAN_INQ'));
    const record = findElement(camsResult(await send(signed(received[2]!.text)), 'DownloadPANDetails_eKYC'), 'KYC_DATA');
    expectSameFields(record, findElement(camsResult(validated.answers[2]!, 'DownloadPANDetails_eKYC'), 'KYC_DATA'));
  });

  it.each(specialPanAnswers)('special PAN %s through the production client: %j', async (pan, expected) => {
    const simulator = await startVendorSimulator(cams);
    const answer = await cams.create(simulator.settings, clientDeps('cams')).lookup({ pan, dateOfBirth: '15/08/1990' }, noDeadline);
    expect(answer).toMatchObject(expected);
  });

  it('wrong credentials: no encrypted password (134), a failure of the vendor, not of the applicant', async () => {
    const simulator = await startVendorSimulator(cams);
    const wrong = cams.create({ ...simulator.settings, CAMS_KRA_PASSWORD: 'nope' }, clientDeps('cams'));
    await expect(wrong.lookup({ pan: 'ABCPS1234F', dateOfBirth: '15/08/1990' }, noDeadline)).rejects.toThrow('cams: password failed: no encrypted password in the answer');
  });
});
