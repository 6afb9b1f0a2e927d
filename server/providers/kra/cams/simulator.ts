import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { HttpSimulator, SimulatorDeps } from '../../vendor';
import { type XmlElement, type XmlFields, XmlError, findElement, parseXml, textAt, xmlElements } from '../../xml';
import { kraDate } from '../kra';
import { recordFields } from '../kra-record';
import { holdReasons, outcomeOf, simulatedAddress, simulatedBirthDate, simulatedName, specialPansTable } from '../simulated-kra';
import { camsNamespace, soap12Namespace, soapContentType } from './soap';

/**
 * CAMS KRA's SOAP service on loopback (client.ts has the documentation it follows): GetPassword, VerifyPANDetails_eKYC
 * (IOP1: a KYC status per KRA) and DownloadPANDetails_eKYC (IOP2: the record), with the credentials it accepts, error
 * 102 when APP_TOTAL_REC does not count the PANs and 134 for wrong credentials. The records are the special PANs of
 * simulated-kra.ts; CAMS holds each record (CAMSKRA), the other KRAs answer 05 (not available).
 */

export const simulatorUser = 'ONBOARDSIM';
export const simulatorPassword = 'sim-cams-password';
export const simulatorKey = 'SIMKEY';
export const simulatorPosCode = 'ONBOARD';

const encrypted = createHmac('sha256', simulatorKey).update(simulatorPassword).digest('base64');

/** CAMS' two-digit KYC status of each simulated outcome. */
const kycStatusCode: Record<string, string> = { not_found: '05', on_hold: '03', rejected: '04', validated: '07', registered: '02', dob_mismatch: '02', slow: '02' };
const otherKras = ['CVLKRA', 'NDMLKRA', 'DOTEXKRA', 'KARVYKRA', 'BSEKRA'];

function envelope(method: string, result: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="${soap12Namespace}">` +
    `<soap:Body><${method}Response xmlns="${camsNamespace}"><${method}Result>${result}</${method}Result></${method}Response></soap:Body></soap:Envelope>`
  );
}

const error = (code: string, message: string) => xmlElements({ ERROR: { ERROR_CODE: code, ERROR_MSG: message } });

function camsDate(ms: number): string {
  const iso = new Date(ms + 5.5 * 3_600_000).toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

/** The simulated record of one PAN as IOP1 answers it. */
function inquiry(pan: string, now: number): XmlFields {
  const outcome = outcomeOf(pan);
  const unreachable = outcome === 'unavailable';
  const code = unreachable ? '99' : (kycStatusCode[outcome] ?? '02');
  const found = !unreachable && code !== '05';
  return {
    APP_PAN_NO: pan,
    APP_NAME: found ? simulatedName(pan) : '',
    APP_STATUSDT: found ? camsDate(now - 400 * 86_400_000) : '',
    APP_ENTRYDT: found ? camsDate(now - 800 * 86_400_000) : '',
    APP_MODDT: '',
    APP_UPDT_STATUS: '',
    APP_HOLD_DEACTIVE_RMKS: holdReasons[outcome] ?? '',
    CAMSKRA: code,
    ...Object.fromEntries(otherKras.map((kra) => [kra, unreachable ? '99' : '05'])),
    APP_PER_ADD_PROOF: outcome === 'validated' ? '31' : '',
    APP_COR_ADD_PROOF: outcome === 'validated' ? '31' : '',
  };
}

/** The simulated record of one PAN as IOP2 answers it (name, date of birth, permanent address). */
function kycData(pan: string, askedBirthDate: string): XmlFields {
  return { APP_PAN_NO: pan, ...recordFields(simulatedName(pan), simulatedBirthDate(pan, askedBirthDate).replaceAll('/', '-'), simulatedAddress(pan)) };
}

function reply(reply: FastifyReply, method: string, result: string): FastifyReply {
  return reply.type(soapContentType).send(envelope(method, result));
}

export function camsRoutes(deps: SimulatorDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/services_kycenquiry.asmx', async (request, response) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      let call: XmlElement | undefined;
      try {
        call = findElement(parseXml(typeof request.body === 'string' ? request.body : ''), 'Body')?.children[0];
      } catch (failure) {
        if (!(failure instanceof XmlError)) throw failure;
      }
      if (!call) return response.code(400).type(soapContentType).send('<soap:Envelope><soap:Body><soap:Fault><soap:Reason>Bad request</soap:Reason></soap:Fault></soap:Body></soap:Envelope>');
      const method = call.name;
      if (method === 'GetPassword') {
        const valid = textAt(call, 'PASSWORD') === simulatorPassword && textAt(call, 'PASSKEY') === simulatorKey;
        return reply(response, method, valid ? encrypted : error('134', 'Invalid User ID and password'));
      }
      if (method !== 'VerifyPANDetails_eKYC' && method !== 'DownloadPANDetails_eKYC') return response.code(500).type(soapContentType).send(envelope(method, error('500', 'Unknown method')));
      const signedIn =
        textAt(call, 'USERNAME') === simulatorUser && textAt(call, 'POSCODE') === simulatorPosCode && textAt(call, 'PASSWORD') === encrypted && textAt(call, 'PASSKEY') === simulatorKey;
      if (!signedIn) return reply(response, method, error('134', 'Invalid User ID and password'));
      const root = findElement(call, 'APP_REQ_ROOT');
      const pans = (root?.children ?? []).filter((child) => child.name === 'APP_PAN_INQ');
      if (textAt(root, 'APP_OTHKRA_CODE') !== simulatorUser) return reply(response, method, error('101', 'Invalid KRA Code'));
      if (Number(textAt(root, 'APP_TOTAL_REC')) !== pans.length || pans.length === 0 || pans.length > 25) return reply(response, method, error('102', 'Incorrect Total Records Count'));
      const panNos = pans.map((pan) => textAt(pan, 'APP_PAN_NO').toUpperCase());
      if (panNos.some((pan) => outcomeOf(pan) === 'slow')) await sleep(deps.slowDelayMs);
      if (method === 'VerifyPANDetails_eKYC') {
        return reply(response, method, `<APP_RES_ROOT>${panNos.map((pan) => xmlElements({ APP_PAN_INQ: inquiry(pan, deps.clock()) })).join('')}</APP_RES_ROOT>`);
      }
      const records = pans.map((pan) => kycData(textAt(pan, 'APP_PAN_NO').toUpperCase(), kraDate(textAt(pan, 'APP_PAN_DOB')) ?? ''));
      return reply(response, method, `<ROOT>${records.map((record) => xmlElements({ KYC_DATA: record })).join('')}</ROOT>`);
    });
  };
}

export const camsSimulator: HttpSimulator<never> = {
  covers: `GetPassword, VerifyPANDetails_eKYC and DownloadPANDetails_eKYC (SOAP 1.2 at \`/services_kycenquiry.asmx\`) with the credentials its settings give (error 134 otherwise), 101 for another intermediary code, 102 for a record count that does not add up; CAMS holds every record (CAMSKRA), the other KRAs answer 05. ${specialPansTable}`,
  defaultDelayMs: 300,
  routes: camsRoutes,
  settings: (baseUrl) => ({
    CAMS_KRA_URL: `${baseUrl}/services_kycenquiry.asmx`,
    CAMS_KRA_USER: simulatorUser,
    CAMS_KRA_PASSWORD: simulatorPassword,
    CAMS_KRA_KEY: simulatorKey,
    CAMS_KRA_POS_CODE: simulatorPosCode,
  }),
};
