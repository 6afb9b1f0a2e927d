import type { PageConfig } from '../../core/engine/config-types';
import { normalisePath } from '../../core/engine/flow';
import { stepOfRoute } from '../../core/engine/step-api';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { FieldValidationError } from '../errors';
import type { LanguageTexts } from '../platform/texts';
import { insertHelpRequest } from './repository';

/**
 * "Need help?" on every page: the applicant (or a visitor, who gives the number to call) asks the broker to call them
 * at a time of their choice; the back office sees the request with the page and step it was asked from.
 */

export interface HelpRequestBody {
  route: string;
  contactTime: string;
  phone?: string;
  message?: string;
}

export const helpRoute = '/help';

function contactTimesOf(pages: Record<string, PageConfig>): string[] {
  const page = pages[helpRoute];
  const list = page && 'options' in page ? page.options?.contactTimes : undefined;
  return Array.isArray(list) ? list.map((item: { time?: unknown }) => String(item.time)) : [];
}

/** Stores the request; the step is the signed-in applicant's next one, else the step whose page it was asked from. */
export async function requestHelp(ctx: AppContext, user: UserRow | undefined, body: HelpRequestBody, texts: LanguageTexts): Promise<void> {
  const problems: Record<string, string[]> = {};
  if (!contactTimesOf(texts.pages).includes(body.contactTime)) problems.contactTime = ['regulation.unknownContactTime'];
  const phone = user?.phone ?? body.phone;
  if (!phone) problems.phone = ['regulation.helpPhoneRequired'];
  if (Object.keys(problems).length > 0 || !phone) throw new FieldValidationError(problems);
  const route = normalisePath(body.route);
  await insertHelpRequest(ctx.db, {
    user_id: user?.id ?? null,
    phone,
    route,
    step: user?.next_step ?? stepOfRoute(ctx.flow, route)?.id ?? null,
    contact_time: body.contactTime,
    message: body.message?.trim() || null,
    language: texts.code,
    created_at: ctx.clock(),
  });
}
