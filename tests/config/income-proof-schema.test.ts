import type { RJSFValidationError } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../src/renderer/form/errors';
import { loadStepValidator } from '../../src/renderer/form/validators';
import { compileStepValidators, fieldMessages } from '../../server/validation/step-schemas';

type Data = Record<string, unknown>;
type Messages = Record<string, string[]>;

const server = compileStepValidators();
const incomeProof = await loadStepValidator('income-proof');

/** The manual income-proof form's messages, the same in the server's ajv and the browser's precompiled validator. */
function both(data: Data): { server: Messages; client: Messages } {
  const validate = server['income-proof']!;
  validate(data);
  const { schema, validator } = incomeProof;
  const client: Messages = {};
  for (const error of placeErrors(validator.validateFormData(data, schema).errors as RJSFValidationError[])) {
    (client[(error.property ?? '').replace(/^\./, '')] ??= []).push(error.message ?? '');
  }
  return { server: fieldMessages(validate.errors), client };
}

const file = 'picked-file:1:salary.pdf';

describe('schemas/step-data/income-proof.schema.json (spec section 5, manual income proof)', () => {
  it.each<[string, Data, Messages]>([
    ['nothing chosen', {}, { document_type: ['must select document type to be uploaded'], proof_of_income: ['must select document to be uploaded'] }],
    ['no file', { document_type: 'form_16' }, { proof_of_income: ['must select document to be uploaded'] }],
    ['a type not in the list', { document_type: 'payslip', proof_of_income: file }, { document_type: ['must select document type to be uploaded'] }],
    ['ticked without a password', { document_type: 'it_return', proof_of_income: file, passwordProtected: true }, { password: ['Enter the password of the PDF'] }],
    ['ticked with a password', { document_type: 'it_return', proof_of_income: file, passwordProtected: true, password: 'secret' }, {}],
    ['not ticked', { document_type: 'bank_statement', proof_of_income: file, passwordProtected: false }, {}],
  ])('%s', (_name, data, expected) => {
    const { server: fromServer, client } = both(data);
    expect(fromServer).toEqual(expected);
    expect(client).toEqual(expected);
  });
});
