/** Valid payloads of the issue 8 routes as the server takes them; tests change one field to break a rule. */

export const declaration = { nri: false, regulatoryActions: false, politicallyExposed: false, settlementTimeFrame: 90, contractNotePreference: 'electronic' };

export function minorNominee(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return nominee({ firstName: 'Kiran', relation: 'Son', dateOfBirth: '01/06/2015', guardianName: 'Asha Rao', guardianAddress: '12 MG Road, Ashok Nagar',
    guardianPhone: '9876543210', guardianEmail: 'asha.rao@example.in', guardianRelation: 'Mother', guardianPincode: '110001', ...patch });
}

export function nominee(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Mrs', firstName: 'Asha', lastName: 'Rao', relation: 'Spouse', dateOfBirth: '12/03/1988', phone: '9876543210',
    email: 'asha.rao@example.in', line1: '12 MG Road, Ashok Nagar', pincode: '560001', sharePercentage: 100,
    documentType: 'pan_card', documentNumber: 'ABCPR1234K', ...patch,
  };
}
