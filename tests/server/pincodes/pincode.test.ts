import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPincodeIndex, titleCase } from '../../../server/pincodes/pincode-index';
import { type TestApp, auth, errorOf, get, signIn, startTestApp } from '../helpers';

describe('GET /api/utils/pincode/{pincode}', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await signIn(t)).token;
  });
  afterAll(() => t.close());

  it.each([
    ['400001', 'Mumbai', 'Maharashtra'],
    // The G.P.O. names the district; most other offices of 110001 say Central Delhi.
    ['110001', 'New Delhi', 'Delhi'],
    ['560001', 'Bengaluru', 'Karnataka'],
    ['700001', 'Kolkata', 'West Bengal'],
    ['744101', 'South Andaman', 'Andaman & Nicobar Islands'],
    // Official names where the data lags: Chhattisgarh, Puducherry, Ladakh (a union territory since 2019).
    ['496001', 'Raigarh', 'Chhattisgarh'],
    ['605001', 'Pondicherry', 'Puducherry'],
    ['194101', 'Leh', 'Ladakh'],
    // ALL-CAPS in the data, Title Case here.
    ['363331', 'Morbi', 'Gujarat'],
  ])('%s is %s, %s', async (pincode, district, state) => {
    const response = await get(t.app, `/api/utils/pincode/${pincode}`, auth(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ pincode, district, state, country: 'India' });
  });

  it('an unknown pincode is 404', async () => {
    const response = await get(t.app, '/api/utils/pincode/999999', auth(token));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('Pincode not found');
  });

  it.each([['12345'], ['1234567'], ['012345'], ['40000a'], ['%20400001'], ['400 01']])('%j is malformed (400)', async (pincode) => {
    const response = await get(t.app, `/api/utils/pincode/${encodeURIComponent(pincode)}`, auth(token));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Invalid pincode');
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/utils/pincode/400001')).statusCode).toBe(401);
  });
});

describe('the pincode index', () => {
  const row = (pincode: string, place: string, state: string, district: string) => `IN\t${pincode}\t${place}\t${state}\t01\t${district}\t001\tX\t\t0\t0\t4`;

  it('takes the head office district, else the district most offices give, ties to the first', () => {
    const index = buildPincodeIndex(
      [
        row('111111', 'Alpha', 'Kerala', 'North'),
        row('111111', 'Beta', 'Kerala', 'North'),
        row('111111', 'Central H.O', 'Kerala', 'South'),
        row('222222', 'A', 'Goa', 'East'),
        row('222222', 'B', 'Goa', 'West'),
        row('222222', 'C', 'Goa', 'West'),
        row('333333', 'A', 'Goa', 'First'),
        row('333333', 'B', 'Goa', 'Second'),
        'garbage line',
        row('012345', 'Bad', 'Goa', 'Bad'),
      ].join('\n'),
    );
    expect(index.lookup('111111')?.district).toBe('South');
    expect(index.lookup('222222')?.district).toBe('West');
    expect(index.lookup('333333')?.district).toBe('First');
    expect(index.size).toBe(3);
  });

  it.each([
    ['MORBI', 'Morbi'],
    ['SOUTH 24 PARGANAS', 'South 24 Parganas'],
    ['Dadra and Nagar Haveli and Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
  ])('titleCase(%j) is %j', (name, expected) => {
    expect(titleCase(name)).toBe(expected);
  });
});
