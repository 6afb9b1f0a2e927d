import type { UserDetails } from '../../core/api/types';
import { format } from '../../core/engine/format';
import type { EffectContext } from './types';

/** The acknowledgement of a nomination (or opt-out) the server just recorded, as the success toast's second line. */
export function nominationNotice(user: UserDetails | undefined, say: EffectContext['say']): { notice?: string } {
  const reference = (user as { nominationReference?: unknown } | undefined)?.nominationReference;
  return typeof reference === 'string' ? { notice: format(say('regulation.nominationAcknowledged'), { reference }) } : {};
}
