import type { AppContext } from '../context';

/** A saved step: the toast text and the updated user. */
export function stepSavedResponse(ctx: Pick<AppContext, 'users'>) {
  return {
    type: 'object',
    properties: { message: { type: 'string' }, user: ctx.users.schema },
    required: ['message', 'user'],
  } as const;
}

/** Just the user. */
export function userResponse(ctx: Pick<AppContext, 'users'>) {
  return { type: 'object', properties: { user: ctx.users.schema }, required: ['user'] } as const;
}

/** A saved upload: the toast text, the step it was filed under (spec section 3) and the updated user. */
export function stepUploadedResponse(ctx: Pick<AppContext, 'users'>) {
  return {
    type: 'object',
    properties: { message: { type: 'string' }, step: { type: 'string' }, user: ctx.users.schema },
    required: ['message', 'step', 'user'],
  } as const;
}
