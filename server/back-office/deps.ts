import type { AppContext } from '../context';
import type { AuditClock } from './audit-clock';
import type { AnswerLabeller } from './services/answers';
import type { MessageIndex } from './services/message-index';

/** What every signed-in part of the back office gets (each a file of routes/, listed in ../routes.ts). */
export interface OpsDeps {
  ctx: AppContext;
  publicUrl: string;
  /** Shared by every route that writes the audit trail, so its order is exact. */
  auditClock: AuditClock;
  labelAnswers: AnswerLabeller;
  /** Shown texts in every language, to one message each (the funnel's errors). */
  messages: MessageIndex;
}
