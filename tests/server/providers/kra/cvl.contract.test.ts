import { describe, expect, it } from 'vitest';
import { cvl } from '../../../../server/providers/kra/cvl';
import { asmxAnswer } from '../../../../server/providers/kra/cvl/asmx';
import { findElement, parseXml, textAt } from '../../../../server/providers/xml';
import { clientDeps, startVendorSimulator } from '../contract-harness';
import { expectSameFields, kraFixtures, lookupAgainst, specialPanAnswers } from './kra-contract';
import { noDeadline } from '../../../../server/providers/call-budget';

const fixtures = kraFixtures('cvl');
const settings = (base: string) => ({ CVL_KRA_URL: `${base}/PanInquiry.asmx`, CVL_KRA_USER: 'BROKERWS', CVL_KRA_PASSWORD: 'pw', CVL_KRA_POS_CODE: '1200003103', CVL_KRA_PASSKEY: 'm' });

describe('CVL KRA client, against the documented exchanges', () => {
  it.each(fixtures)('$name', async ({ fixture }) => {
    const { outcome, received } = await lookupAgainst(fixture, (base) => cvl.create(settings(base), clientDeps('cvl')));
    expect(outcome).toEqual(fixture.expect);
    const forms = received.map((call) => ({ path: call.path, form: Object.fromEntries(new URLSearchParams(call.text)) }));
    expect(received.every((call) => call.method === 'POST' && call.headers['content-type'] === 'application/x-www-form-urlencoded')).toBe(true);
    expect(forms[0]).toEqual({ path: '/PanInquiry.asmx/GetPassword', form: { password: 'pw', PassKey: 'm' } });
    expect(forms[1]).toEqual({
      path: '/PanInquiry.asmx/GetPanStatus',
      form: { panNo: 'ABCPE1234A', userName: 'BROKERWS', PosCode: '1200003103', password: '79ZOguioApEZ4Js5GlYeSg==', PassKey: 'm' },
    });
    if (forms[2]?.path === '/PanInquiry.asmx/SolicitPANDetailsFetchALLKRA') {
      const input = findElement(parseXml(forms[2].form.inputXML ?? ''), 'APP_PAN_INQ');
      expect({ pan: textAt(input, 'APP_PAN_NO'), dob: textAt(input, 'APP_DOB_INCORP'), fetch: textAt(input, 'FETCH_TYPE') }).toEqual({ pan: 'ABCPE1234A', dob: '25/05/1975', fetch: 'E' });
    }
  });
});

describe('CVL KRA simulator', () => {
  it('answers GetPanStatus and SolicitPANDetailsFetchALLKRA with the documented layout', async () => {
    const simulator = await startVendorSimulator(cvl);
    const base = simulator.settings.CVL_KRA_URL ?? '';
    const post = async (method: string, form: Record<string, string>) =>
      asmxAnswer(await (await fetch(`${base}/${method}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })).text());
    const password = (await post('GetPassword', { password: simulator.settings.CVL_KRA_PASSWORD ?? '', PassKey: simulator.settings.CVL_KRA_PASSKEY ?? '' })).text.trim();
    const credentials = { userName: simulator.settings.CVL_KRA_USER ?? '', PosCode: simulator.settings.CVL_KRA_POS_CODE ?? '', password, PassKey: simulator.settings.CVL_KRA_PASSKEY ?? '' };
    const validated = fixtures.find((one) => one.name === 'validated')!.fixture;
    const status = await post('GetPanStatus', { panNo: 'ABCPS7777F', ...credentials });
    expectSameFields(findElement(status, 'APP_PAN_INQ'), findElement(asmxAnswer(validated.answers[1]!), 'APP_PAN_INQ'));
    const inputXML = '<APP_REQ_ROOT><APP_PAN_INQ><APP_PAN_NO>ABCPS7777F</APP_PAN_NO><APP_DOB_INCORP>15/08/1990</APP_DOB_INCORP><APP_POS_CODE>1</APP_POS_CODE><APP_RTA_CODE>1</APP_RTA_CODE><APP_KRA_CODE></APP_KRA_CODE><FETCH_TYPE>E</FETCH_TYPE></APP_PAN_INQ></APP_REQ_ROOT>';
    expectSameFields(findElement(await post('SolicitPANDetailsFetchALLKRA', { inputXML, ...credentials }), 'APP_PAN_INQ'), findElement(asmxAnswer(validated.answers[2]!), 'APP_PAN_INQ'));
    expect(textAt(await post('GetPanStatus', { panNo: 'ABCPS7777F', ...credentials, password: 'stale' }), 'ERROR_CODE')).toBe('WEBERR-001');
  });

  it.each(specialPanAnswers)('special PAN %s through the production client: %j', async (pan, expected) => {
    const simulator = await startVendorSimulator(cvl);
    expect(await cvl.create(simulator.settings, clientDeps('cvl')).lookup({ pan, dateOfBirth: '15/08/1990' }, noDeadline)).toMatchObject(expected);
  });
});
