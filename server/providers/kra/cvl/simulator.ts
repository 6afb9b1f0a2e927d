import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { HttpSimulator, SimulatorDeps } from '../../vendor';
import { XmlError, escapeXml, findElement, parseXml, textAt, xmlElements } from '../../xml';
import { kraDate } from '../kra';
import { recordFields } from '../kra-record';
import { holdReasons, outcomeOf, simulatedAddress, simulatedBirthDate, simulatedName, specialPansTable } from '../simulated-kra';

/**
 * CVL KRA's PanInquiry.asmx on loopback (client.ts has the documentation it follows): GetPassword, GetPanStatus and
 * SolicitPANDetailsFetchALLKRA as form POSTs, the credentials it accepts (WEBERR-001 otherwise), and the special PANs
 * of simulated-kra.ts with CVL's three-digit KYC statuses.
 */

export const simulatorUser = 'ONBOARDSIM';
export const simulatorPassword = 'sim-cvl-password';
export const simulatorPassKey = 'SIMPASSKEY';
export const simulatorPosCode = '1200000001';

const encrypted = createHmac('sha256', simulatorPassKey).update(simulatorPassword).digest('base64');
const statusCode: Record<string, string> = { unavailable: '888', not_found: '005', on_hold: '003', rejected: '004', validated: '007', registered: '002', dob_mismatch: '002', slow: '002' };

const xml = (reply: FastifyReply, body: string) => reply.type('text/xml; charset=utf-8').send(`<?xml version="1.0" encoding="utf-8"?>${body}`);
const invalidLogin = xmlElements({ ERROR: { ERROR_CODE: 'WEBERR-001', ERROR_MSG: 'Invalid User Id / Pos Code / Password or access privilege not set' } });

function cvlDate(ms: number): string {
  const iso = new Date(ms + 5.5 * 3_600_000).toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

export function cvlRoutes(deps: SimulatorDeps): FastifyPluginAsync {
  return async (app) => {
    const form = (body: unknown) => (field: string) => {
      const value = (typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {})[field];
      return typeof value === 'string' ? value : '';
    };
    const signedIn = (field: (name: string) => string) =>
      field('userName') === simulatorUser && field('PosCode') === simulatorPosCode && field('password') === encrypted && field('PassKey') === simulatorPassKey;
    const wait = async (pan: string) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      if (outcomeOf(pan) === 'slow') await sleep(deps.slowDelayMs);
    };

    app.post('/PanInquiry.asmx/GetPassword', async (request, reply) => {
      const field = form(request.body);
      const valid = field('password') === simulatorPassword && field('PassKey') === simulatorPassKey;
      return xml(reply, valid ? `<string xmlns="https://www.cvlkra.com/">${escapeXml(encrypted)}</string>` : invalidLogin);
    });

    app.post('/PanInquiry.asmx/GetPanStatus', async (request, reply) => {
      const field = form(request.body);
      if (!signedIn(field)) return xml(reply, invalidLogin);
      const pan = field('panNo').toUpperCase();
      await wait(pan);
      const outcome = /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan) ? outcomeOf(pan) : undefined;
      const code = outcome ? (statusCode[outcome] ?? '002') : '999';
      const found = !['888', '005', '999'].includes(code);
      return xml(
        reply,
        xmlElements({
          APP_RES_ROOT: {
            APP_PAN_INQ: {
              APP_PAN_NO: pan,
              APP_NAME: found ? simulatedName(pan) : '',
              APP_STATUS: code,
              APP_STATUSDT: found ? cvlDate(deps.clock() - 400 * 86_400_000) : '',
              APP_HOLD_DEACTIVE_RMKS: (outcome && holdReasons[outcome]) ?? '',
              APP_KYC_MODE: outcome === 'validated' ? '5' : found ? '0' : '',
            },
          },
        }),
      );
    });

    app.post('/PanInquiry.asmx/SolicitPANDetailsFetchALLKRA', async (request, reply) => {
      const field = form(request.body);
      if (!signedIn(field)) return xml(reply, invalidLogin);
      let inquiry;
      try {
        inquiry = findElement(parseXml(field('inputXML')), 'APP_PAN_INQ');
      } catch (failure) {
        if (!(failure instanceof XmlError)) throw failure;
      }
      const pan = textAt(inquiry, 'APP_PAN_NO').toUpperCase();
      if (!inquiry || !pan) return xml(reply, xmlElements({ ERROR: { ERROR_CODE: 'WEBERR-023', ERROR_MSG: 'Invalid input XML' } }));
      await wait(pan);
      const birthDate = simulatedBirthDate(pan, kraDate(textAt(inquiry, 'APP_DOB_INCORP')) ?? '');
      return xml(
        reply,
        xmlElements({
          APP_RES_ROOT: {
            APP_PAN_INQ: { APP_PAN_NO: pan, ...recordFields(simulatedName(pan), birthDate, simulatedAddress(pan)), APP_STATUS: statusCode[outcomeOf(pan)] ?? '002' },
          },
        }),
      );
    });
  };
}

export const cvlSimulator: HttpSimulator<never> = {
  covers: `GetPassword, GetPanStatus and SolicitPANDetailsFetchALLKRA as form POSTs under \`/PanInquiry.asmx/\` with the credentials its settings give (WEBERR-001 otherwise), CVL's three-digit statuses (888 for the unreachable PAN). ${specialPansTable}`,
  defaultDelayMs: 300,
  routes: cvlRoutes,
  settings: (baseUrl) => ({
    CVL_KRA_URL: `${baseUrl}/PanInquiry.asmx`,
    CVL_KRA_USER: simulatorUser,
    CVL_KRA_PASSWORD: simulatorPassword,
    CVL_KRA_POS_CODE: simulatorPosCode,
    CVL_KRA_PASSKEY: simulatorPassKey,
  }),
};
