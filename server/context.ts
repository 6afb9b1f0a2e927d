import type { Kysely } from 'kysely';
import type { FlowConfig } from '../src/engine/flow-types';
import type { Database } from './db/schema';
import type { Limits } from './limits';
import type { MessageProvider } from './providers/messages';
import type { StepRules } from './services/steps';

/** What every route and service of one app instance shares. Built once in buildApp. */
export interface AppContext {
  db: Kysely<Database>;
  flow: FlowConfig;
  clock: () => number;
  limits: Limits;
  /** Key for OTP hashes. */
  secret: string;
  sms: MessageProvider;
  email: MessageProvider;
  production: boolean;
  steps: StepRules;
}
