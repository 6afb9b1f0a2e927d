import mobileNumber from '../../schemas/mobile-number.schema.json';

/** An Indian mobile number as applicants type it: 10 digits, the first 6 to 9. Written once, in schemas/mobile-number.schema.json. */
export const indianMobileRule = { type: 'string', pattern: mobileNumber.pattern } as const;

export const indianMobilePattern = new RegExp(mobileNumber.pattern);
