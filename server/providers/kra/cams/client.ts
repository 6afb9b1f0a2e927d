import type { Deadline } from '../../call-budget';
import { failedWith, parseHttpUrl } from '../../http';
import { ProviderError } from '../../provider-error';
import type { ClientDeps, VendorSettings } from '../../vendor';
import { XmlError, type XmlElement, type XmlFields, findElement, textAt } from '../../xml';
import { type KraAnswer, type KraClient, type KraQuery, kraTimeoutMs, maskPan, statusOfKraCode, strongestStatus } from '../kra';
import { answerFromRecord, answerOnHold } from '../kra-record';
import { camsEnvelope, camsResult, soapContentType } from './soap';

/**
 * CAMS KRA's KYC enquiry web service (SOAP), as an intermediary registered with CAMS calls it.
 *
 * Provenance (see ../../../../../shared/vendors/kra.md §1):
 * - CAMS' own "Sandbox for KRA" GitBook: https://camsonline.gitbook.io/sandbox-for-kra/verify-pan-details-iop1/request-parameters
 *   and .../response-parameters (VerifyPANDetails, IOP1): the parameters USER_ID, the password encrypted by
 *   GetPassword and the key; the APP_REQ_ROOT request (APP_PAN_INQ: APP_PAN_NO, APP_PAN_DOB, APP_IOP_FLG, APP_POS_CODE;
 *   APP_SUMM_REC: APP_OTHKRA_CODE, APP_OTHKRA_BATCH, APP_REQ_DATE, APP_TOTAL_REC); the answer APP_RES_ROOT/APP_PAN_INQ
 *   with APP_NAME, the KYC status per KRA (CAMSKRA, CVLKRA, NDMLKRA, DOTEXKRA, KARVYKRA, BSEKRA: 01 under process,
 *   02 registered, 03 on hold, 04 rejected, 05 not available, 06 deactivated, 07 verified with Aadhaar as OVD, 11-13
 *   incomplete old records, 22 CVL MF KYC, 99 that KRA not reachable) and APP_HOLD_DEACTIVE_RMKS; error codes 101
 *   (invalid KRA code), 102 (record count), 134 (invalid user id and password).
 *   .../download-pan-details-iop2/request-parameters (DownloadPANDetails, IOP2): same request; flag RS = no date of
 *   birth needed and no image.
 * - The SOAP binding is not on those pages. It is taken from several independent integrations that agree (found by
 *   code search for "VerifyPANDetails_eKYC"): SOAP 1.2 (`application/soap+xml`) to the .asmx endpoint
 *   (https://www.camskra.com/services_kycenquiry.asmx; UAT https://eiscuat1.camsonline.com/cispl/services_kycenquiry_uat.asmx),
 *   namespace https://camskra.com/, methods GetPassword (PASSWORD, PASSKEY → GetPasswordResult),
 *   VerifyPANDetails_eKYC and DownloadPANDetails_eKYC (InputXML holding APP_REQ_ROOT, USERNAME, POSCODE, PASSWORD,
 *   PASSKEY), answers VerifyPANDetails_eKYCResult/APP_RES_ROOT/APP_PAN_INQ and DownloadPANDetails_eKYCResult/ROOT/
 *   KYC_DATA (APP_NAME, APP_DOB_DT, APP_PER_ADD1-3, APP_PER_CITY, APP_PER_PINCD, APP_PER_STATE, APP_PER_CTRY).
 * Silent or unverified: where an error code sits in the answer (read from an ERROR element's ERROR_CODE, CVL's
 * layout, else any element holding 101/102/134), how long an encrypted password stays valid (kept until the service
 * answers 134, then fetched once again), the batch number's meaning to CAMS (ours: the request's own reference), and
 * whether APP_PER_STATE is a name or a code (shown as given).
 */

export function createCamsClient(settings: VendorSettings, deps: ClientDeps): KraClient {
  const vendor = 'cams';
  const url = parseHttpUrl(vendor, settings.CAMS_KRA_URL ?? '', 'CAMS_KRA_URL');
  const user = settings.CAMS_KRA_USER ?? '';
  const key = settings.CAMS_KRA_KEY ?? '';
  const posCode = settings.CAMS_KRA_POS_CODE ?? '';
  let encryptedPassword: Promise<string> | undefined;

  async function call(method: string, fields: XmlFields, what: string, deadline: Deadline): Promise<XmlElement | undefined> {
    const response = await deps.http.send({ method: 'POST', url, body: { text: camsEnvelope(method, fields), contentType: soapContentType }, what, timeoutMs: kraTimeoutMs, deadline });
    if (!response.ok) throw failedWith(vendor, what, response);
    try {
      return camsResult(response.text(), method);
    } catch (error) {
      throw new ProviderError(vendor, `${what} failed: ${error instanceof XmlError ? 'answer is not XML' : 'unreadable answer'}`);
    }
  }

  const password = (deadline: Deadline): Promise<string> =>
    (encryptedPassword ??= call('GetPassword', { PASSWORD: settings.CAMS_KRA_PASSWORD ?? '', PASSKEY: key }, 'password', deadline).then((result) => {
      const value = result?.text.trim() ?? '';
      if (!value) throw new ProviderError(vendor, 'password failed: no encrypted password in the answer');
      return value;
    })).catch((error: unknown) => {
      encryptedPassword = undefined;
      throw error;
    });

  /** The error code of an answer without a record, if it has one. */
  const errorCode = (result: XmlElement | undefined): string => {
    const coded = textAt(findElement(result, 'ERROR'), 'ERROR_CODE');
    if (coded) return coded;
    const loose = (element: XmlElement | undefined): string =>
      !element ? '' : /^(101|102|134)$/.test(element.text.trim()) ? element.text.trim() : element.children.map(loose).find(Boolean) ?? '';
    return loose(result);
  };

  function request(query: KraQuery, flag: 'IE' | 'RS', now: number): XmlFields {
    const date = new Date(now + 5.5 * 3_600_000).toISOString();
    const requestDate = `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)} ${date.slice(11, 19)}`;
    return {
      InputXML: {
        APP_REQ_ROOT: {
          APP_PAN_INQ: { APP_PAN_NO: query.pan, APP_PAN_DOB: query.dateOfBirth.replaceAll('/', '-'), APP_IOP_FLG: flag, APP_POS_CODE: posCode },
          APP_SUMM_REC: { APP_OTHKRA_CODE: user, APP_OTHKRA_BATCH: `${now}`, APP_REQ_DATE: requestDate, APP_TOTAL_REC: '1' },
        },
      },
      USERNAME: user,
      POSCODE: posCode,
    };
  }

  /** A method's record element, the password fetched again once if CAMS says it is no longer valid (134). */
  async function ask(method: string, query: KraQuery, flag: 'IE' | 'RS', recordName: string, what: string, deadline: Deadline): Promise<XmlElement> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const fields = { ...request(query, flag, deps.clock()), PASSWORD: await password(deadline), PASSKEY: key };
      const result = await call(method, fields, what, deadline);
      const record = findElement(result, recordName);
      if (record) return record;
      const code = errorCode(result);
      if (code === '134' && attempt === 0) {
        encryptedPassword = undefined;
        continue;
      }
      throw new ProviderError(vendor, `${what} failed: ${code ? `error ${code}` : 'answer without a record'}`, code === '134' ? 401 : undefined);
    }
    throw new ProviderError(vendor, `${what} failed`);
  }

  return {
    name: vendor,
    async lookup(query: KraQuery, deadline: Deadline): Promise<KraAnswer> {
      const masked = maskPan(query.pan);
      const inquiry = await ask('VerifyPANDetails_eKYC', query, 'IE', 'APP_PAN_INQ', `status of ${masked}`, deadline);
      const codes = ['CAMSKRA', 'CVLKRA', 'NDMLKRA', 'DOTEXKRA', 'KARVYKRA', 'BSEKRA'].map((kra) => textAt(inquiry, kra)).filter(Boolean);
      const statuses = codes.map(statusOfKraCode).filter((status) => status !== undefined);
      if (statuses.length === 0) throw new ProviderError(vendor, `status of ${masked} failed: no KYC status in the answer`);
      const status = strongestStatus(statuses);
      if (status === 'on_hold' || status === 'rejected') return answerOnHold(status, inquiry);
      if (status !== 'validated' && status !== 'registered') return { status };
      const record = await ask('DownloadPANDetails_eKYC', query, 'RS', 'KYC_DATA', `record of ${masked}`, deadline);
      return answerFromRecord(status, record, textAt(inquiry, 'APP_NAME') || undefined);
    },
  };
}

