import { type XmlElement, type XmlFields, findElement, parseXml, xmlElements } from '../../xml';

/** CAMS KRA's SOAP 1.2 service (ASMX): its namespace and the envelope around each method's call and answer. */

export const camsNamespace = 'https://camskra.com/';
export const soap12Namespace = 'http://www.w3.org/2003/05/soap-envelope';

/** A method's call as a SOAP 1.2 envelope; `fields` become its child elements in this order. */
export function camsEnvelope(method: string, fields: XmlFields): string {
  const children = xmlElements(fields);
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${soap12Namespace}">` +
    `<soap12:Body><${method} xmlns="${camsNamespace}">${children}</${method}></soap12:Body></soap12:Envelope>`
  );
}

/** The method's `<Method>Result` element of an answer, or undefined. */
export function camsResult(xml: string, method: string): XmlElement | undefined {
  return findElement(parseXml(xml), `${method}Result`);
}

export const soapContentType = 'application/soap+xml; charset=utf-8';
