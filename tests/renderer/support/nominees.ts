import type { RJSFSchema } from '@rjsf/utils';
import { keepPickedFile } from '../../../src/state/picked-files';
import { nodeValidators, realStepSchemas } from './node-validators';

/** A small JPEG-looking file the browser would have picked. */
export function proofFile(name = 'aadhaar.jpg'): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9])], name, { type: 'image/jpeg' });
}

/** DD/MM/YYYY for someone `years` old (minus a few days), today. */
export function bornYearsAgo(years: number, today = new Date()): string {
  const date = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() - 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A complete adult nominee, valid by every rule; `overrides` break or change one. */
export function adultNominee(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Mrs',
    firstName: 'Asha',
    lastName: 'Rao',
    relation: 'Spouse',
    dateOfBirth: '15/08/1985',
    phone: '9876543210',
    email: 'asha@example.in',
    line1: '12 MG Road, Ashok Nagar',
    pincode: '560001',
    sharePercentage: 100,
    documentType: 'aadhar_card',
    documentNumber: '123412341234',
    documentProof: keepPickedFile(proofFile()),
    ...overrides,
  };
}

export function guardianOf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    guardianName: 'Ravi Rao',
    guardianAddress: '12 MG Road, Ashok Nagar, Bengaluru',
    guardianPhone: '9123456780',
    guardianEmail: 'ravi@example.in',
    guardianRelation: 'Father',
    guardianPincode: '400001',
    ...overrides,
  };
}

export function minorNominee(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return adultNominee({ firstName: 'Kiran', relation: 'Son', dateOfBirth: bornYearsAgo(10), ...guardianOf(), ...overrides });
}

/** The nominee schema with another maximum (SEBI allows 10; the spec says 3), compiled as the build would. */
export function nomineeSchemaWithMax(maxItems: number) {
  const schemas = realStepSchemas();
  const nominee = schemas.nominee as RJSFSchema & { properties: { nominees: RJSFSchema } };
  nominee.properties.nominees.maxItems = maxItems;
  return { schemas, validators: nodeValidators(schemas) };
}
