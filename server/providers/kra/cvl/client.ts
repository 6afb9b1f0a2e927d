import type { Deadline } from '../../call-budget';
import { failedWith, parseBaseUrl } from '../../http';
import { ProviderError } from '../../provider-error';
import type { ClientDeps, VendorSettings } from '../../vendor';
import { type XmlElement, XmlError, findElement, textAt, xmlElements } from '../../xml';
import { type KraAnswer, type KraClient, type KraQuery, kraTimeoutMs, maskPan, statusOfKraCode } from '../kra';
import { answerFromRecord, answerOnHold } from '../kra-record';
import { asmxAnswer } from './asmx';

/**
 * CVL KRA's PAN inquiry web service (PanInquiry.asmx), as an intermediary registered with CVL calls it.
 *
 * Provenance (see ../../../../../shared/vendors/kra.md §2; no CVL-published specification was among the public sources
 * read, so everything here comes from independent open-source integrations that agree with each other, found by code
 * search for "PanInquiry.asmx/GetPanStatus" and "SolicitPANDetailsFetchALLKRA"):
 * - https://www.cvlkra.com/PanInquiry.asmx (UAT https://test.cvlkra.com/paninquiry.asmx); each method called as
 *   `POST {base}/{Method}` with `application/x-www-form-urlencoded` parameters.
 * - GetPassword (`password`, `PassKey`) → the encrypted password, as the text of a <string> element.
 * - GetPanStatus (`panNo`, `userName`, `PosCode`, `password` (encrypted), `PassKey`) → APP_RES_ROOT/APP_PAN_INQ with
 *   APP_PAN_NO, APP_NAME, APP_STATUS (the KYC status: 002 registered, 007 KRA validated, 003 on hold, 004 rejected,
 *   005 not available, 888 not checked with the KRAs, 999 invalid PAN...; kra.md §2.3), APP_HOLD_DEACTIVE_RMKS.
 * - SolicitPANDetailsFetchALLKRA (`inputXML`: APP_REQ_ROOT/APP_PAN_INQ with APP_PAN_NO, APP_DOB_INCORP, APP_POS_CODE,
 *   APP_RTA_CODE, APP_KRA_CODE, FETCH_TYPE E = data only; plus the credentials) → the record (APP_NAME, APP_DOB_DT,
 *   APP_PER_ADD1-3, APP_PER_CITY, APP_PER_PINCD, APP_PER_STATE, APP_PER_CTRY), read under APP_PAN_INQ or APP_PAN_RES.
 * - Errors: <ERROR><ERROR_CODE>WEBERR-001</ERROR_CODE><ERROR_MSG>...</ERROR_MSG></ERROR> (WEBERR-001: invalid user id,
 *   POS code, password or access not set).
 * Unverified: the record's field list beyond those read, the date format of APP_DOB_INCORP (DD/MM/YYYY sent, as
 * integrators do), APP_KRA_CODE when GetPanStatus does not say which KRA holds the record (sent empty), and how long
 * an encrypted password stays valid (kept until WEBERR-001, then fetched once again). CVL's newer REST API (JWT and
 * AES-encrypted bodies) needs an API key and AES key the variables of this vendor do not hold: not used.
 */

export function createCvlClient(settings: VendorSettings, deps: ClientDeps): KraClient {
  const vendor = 'cvl';
  const base = parseBaseUrl(vendor, settings.CVL_KRA_URL ?? '', 'CVL_KRA_URL');
  const userName = settings.CVL_KRA_USER ?? '';
  const posCode = settings.CVL_KRA_POS_CODE ?? '';
  const passKey = settings.CVL_KRA_PASSKEY ?? '';
  let encryptedPassword: Promise<string> | undefined;

  async function call(method: string, form: Record<string, string>, what: string, deadline: Deadline): Promise<XmlElement> {
    const response = await deps.http.send({ method: 'POST', url: `${base}/${method}`, body: { form }, what, timeoutMs: kraTimeoutMs, deadline });
    if (!response.ok) throw failedWith(vendor, what, response);
    try {
      return asmxAnswer(response.text());
    } catch (error) {
      throw new ProviderError(vendor, `${what} failed: ${error instanceof XmlError ? 'answer is not XML' : 'unreadable answer'}`);
    }
  }

  const password = (deadline: Deadline): Promise<string> =>
    (encryptedPassword ??= call('GetPassword', { password: settings.CVL_KRA_PASSWORD ?? '', PassKey: passKey }, 'password', deadline).then((answer) => {
      const value = answer.name === 'string' ? answer.text.trim() : '';
      if (!value) throw new ProviderError(vendor, `password failed: ${textAt(answer, 'ERROR_CODE') || 'no encrypted password in the answer'}`);
      return value;
    })).catch((error: unknown) => {
      encryptedPassword = undefined;
      throw error;
    });

  /** A method's record, the password fetched again once if CVL no longer accepts it (WEBERR-001). */
  async function ask(method: string, fields: Record<string, string>, what: string, deadline: Deadline): Promise<XmlElement> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call(method, { ...fields, userName, PosCode: posCode, password: await password(deadline), PassKey: passKey }, what, deadline);
      const record = findElement(answer, 'APP_PAN_INQ') ?? findElement(answer, 'APP_PAN_RES');
      if (record) return record;
      const code = textAt(answer, 'ERROR_CODE');
      if (code === 'WEBERR-001' && attempt === 0) {
        encryptedPassword = undefined;
        continue;
      }
      throw new ProviderError(vendor, `${what} failed: ${code ? `error ${code}` : 'answer without a record'}`, code === 'WEBERR-001' ? 401 : undefined);
    }
    throw new ProviderError(vendor, `${what} failed`);
  }

  return {
    name: vendor,
    async lookup(query: KraQuery, deadline: Deadline): Promise<KraAnswer> {
      const masked = maskPan(query.pan);
      const inquiry = await ask('GetPanStatus', { panNo: query.pan }, `status of ${masked}`, deadline);
      const status = statusOfKraCode(textAt(inquiry, 'APP_STATUS'));
      if (!status) throw new ProviderError(vendor, `status of ${masked} failed: unknown KYC status`);
      if (status === 'on_hold' || status === 'rejected') return answerOnHold(status, inquiry);
      if (status !== 'validated' && status !== 'registered') return { status };
      const inputXML = xmlElements({
        APP_REQ_ROOT: {
          APP_PAN_INQ: { APP_PAN_NO: query.pan, APP_DOB_INCORP: query.dateOfBirth, APP_POS_CODE: posCode, APP_RTA_CODE: posCode, APP_KRA_CODE: '', FETCH_TYPE: 'E' },
        },
      });
      const record = await ask('SolicitPANDetailsFetchALLKRA', { inputXML }, `record of ${masked}`, deadline);
      return answerFromRecord(status, record, textAt(inquiry, 'APP_NAME') || undefined);
    },
  };
}
