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
