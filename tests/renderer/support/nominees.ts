import type { RJSFSchema } from '@rjsf/utils';
import { keepPickedFile } from '../../../src/state/picked-files';
import { type Change, minorChange, nomineeData } from '../../fixtures/nominee-cases';
import { nodeValidators, realStepSchemas } from './node-validators';

/** A small JPEG-looking file the browser would have picked. */
export function proofFile(name = 'aadhaar.jpg'): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9])], name, { type: 'image/jpeg' });
}

export { bornYearsAgo, guardianOf } from '../../fixtures/nominee-cases';

/** A complete adult nominee, valid by every rule, its proof a file the browser holds; `overrides` break or change one. */
export function adultNominee(overrides: Change = {}): Change {
  return nomineeData({ documentProof: keepPickedFile(proofFile()), ...overrides });
}

export function minorNominee(overrides: Change = {}): Change {
  return adultNominee(minorChange(overrides));
}

/** The nominee schema with another maximum (SEBI allows 10; the spec says 3), compiled as the build would. */
export function nomineeSchemaWithMax(maxItems: number) {
  const schemas = realStepSchemas();
  const nominee = schemas.nominee as RJSFSchema & { properties: { nominees: RJSFSchema } };
  nominee.properties.nominees.maxItems = maxItems;
  return { schemas, validators: nodeValidators(schemas) };
}
