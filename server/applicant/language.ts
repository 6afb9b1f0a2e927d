import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { setUserLanguage } from '../platform/repositories/users';

/**
 * Keeps the applicant's language (a declared code, checked by the route's schema): emails and SMS sent later outside
 * a request (review decisions, reminders) follow it. Returns the row as it now stands.
 */
export async function chooseLanguage(ctx: Pick<AppContext, 'db'>, user: UserRow, language: string): Promise<UserRow> {
  await setUserLanguage(ctx.db, user.id, language);
  return { ...user, language };
}
