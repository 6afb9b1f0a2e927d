import { userDetailsSchema } from '../schemas/user-details';

/** A saved step: the toast text and the updated user. */
export const stepSavedResponse = {
  type: 'object',
  properties: { message: { type: 'string' }, user: userDetailsSchema },
  required: ['message', 'user'],
} as const;
