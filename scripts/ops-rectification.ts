import type { OpsActionResponse, SweepResult } from '../core/api/types';
import { formatAction } from './ops-format';
import { OpsCliError, type OpsTarget, callOps } from './ops-http';

/** The rectification deadline's commands of `npm run ops`: the sweep, and reopening an expired application. */

export const rectificationUsage = `  sweep [--now <ISO time>]                                      email due reminders, expire what passed its deadline
                                                                (--now: outside production, judge as of that time)
  reopen <id>                                                   reopen an expired application with a fresh deadline`;

/** Options each command takes (the rest of the CLI refuses any other). */
export const rectificationOptions: Record<string, string[]> = { sweep: ['now'] };

function formatSweep(result: SweepResult): string {
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : 'none');
  return [`Sweep as of ${result.at}`, `Reminded (${result.reminded.length}): ${list(result.reminded)}`, `Expired (${result.expired.length}): ${list(result.expired)}`].join('\n');
}

/** Runs `command` when it is one of these; undefined otherwise. */
export async function runRectification(
  command: string,
  words: string[],
  options: Record<string, string>,
  target: OpsTarget,
): Promise<{ value: unknown; text: string } | undefined> {
  if (command === 'sweep') {
    if (words.length > 0) throw new OpsCliError(`sweep takes no words, got '${words.join(' ')}'`, 2);
    const result = await callOps<SweepResult>(target, 'POST', '/sweep', options.now === undefined ? {} : { now: options.now });
    return { value: result, text: formatSweep(result) };
  }
  if (command === 'reopen') {
    if (words.length !== 1 || !words[0]) throw new OpsCliError('reopen needs exactly one application id', 2);
    const answer = await callOps<OpsActionResponse>(target, 'POST', `/applications/${encodeURIComponent(words[0])}/reopen`, {});
    return { value: answer, text: formatAction(answer) };
  }
  return undefined;
}
