import type { RJSFSchema } from '@rjsf/utils';
import { keepPickedFile } from '../../../src/state/picked-files';
import { type Change, minorChange, nomineeData } from '../../fixtures/nominee-cases';
import { defaultBundle } from '../../../src/config/bundle';
import type { ConfigBundle } from '../../../core/engine/config-types';
import { settingsOf } from '../../../core/engine/settings';
import type { StepValidatorSource } from '../../../src/renderer/form/validators';
import { loadStepSchemas, STEP_SCHEMA_DIR } from '../../../server/validation/step-schemas';
import { nodeValidators } from './node-validators';

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

/**
 * flow.json's settings.maxNominees set to `max` (SEBI allows 10; the spec says 3): the config the page reads, and the
 * step schemas compiled with it as the build would (the nominee schema reads the setting).
 */
export function withMaxNominees(max: number): { bundle: ConfigBundle; validators: StepValidatorSource } {
  const flow = { ...defaultBundle.flow, settings: { ...defaultBundle.flow.settings, maxNominees: max } };
  const schemas = Object.fromEntries(loadStepSchemas(STEP_SCHEMA_DIR, settingsOf(flow)).map(({ id, schema }) => [id, schema as RJSFSchema]));
  return { bundle: { ...defaultBundle, flow }, validators: nodeValidators(schemas) };
}
