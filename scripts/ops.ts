import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpsActionResponse, OpsApplicationList, OpsApplicationResponse, OpsFunnel, OpsReleaseList } from '../core/api/types';
import { formatAction, formatApplication, formatList } from './ops-format';
import { OpsCliError, type OpsTarget, callOps } from './ops-http';
import { formatFunnel, reviewerCommand } from './ops-reviewer';
import { formatReleases } from './ops-releases';
import { rectificationOptions, rectificationUsage, runRectification } from './ops-rectification';

/**
 * `npm run ops -- <command>`: the back office from a terminal, over the ops API (OPS_URL, OPS_TOKEN).
 * Exit codes: 0 done, 1 refused by the server or unreachable, 2 a wrong command line or setting.
 */

export const usage = `Usage: npm run ops -- <command>
  list [--status <step>] [--search <text>] [--limit <n>] [--offset <n>] [--json]
                                                                applications, longest waiting first; search by a
                                                                whole phone number or PAN, or part of a name
  show <id> [--json]                                            one application: record, steps, documents, audit
  reject <id> <step>=<reason> [<step>=<reason> ...]             send steps back to the applicant
  approve <id> | setup <id> | complete <id> | reverify <id>     move the application on
  rekyc <id>                                                    email the re-KYC (income declaration) link
  reviewer add <email> <reviewer|supervisor|auditor>            a back-office account (again: a new role)
  reviewer list | reviewer disable <email>                      the accounts; disabling ends their sessions
  funnel [--from <YYYY-MM-DD>] [--to <YYYY-MM-DD>] [--json]     where applicants stop (default: the last 30 days)
  releases [--json]                                             the config releases, newest (current) first, each with
                                                                its open applications (npm run config:release makes one)
${rectificationUsage}
Environment: OPS_URL (default http://localhost:3000), OPS_TOKEN (required; the server's OPS_TOKEN).`;

export interface OpsIo {
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  out(text: string): void;
  err(text: string): void;
}

const moves = ['approve', 'setup', 'complete', 'reverify'];

/** `--name value` options and the remaining words; unknown options are errors. */
function parseArgs(args: string[], known: string[]): { words: string[]; options: Record<string, string>; json: boolean } {
  const words: string[] = [];
  const options: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--json') json = true;
    else if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const value = args[i + 1];
      if (!known.includes(name)) throw new OpsCliError(`unknown option ${arg}`, 2);
      if (value === undefined || value.startsWith('--')) throw new OpsCliError(`${arg} needs a value`, 2);
      options[name] = value;
      i += 1;
    } else words.push(arg);
  }
  return { words, options, json };
}

function oneId(command: string, words: string[]): string {
  if (words.length !== 1 || !words[0]) throw new OpsCliError(`${command} needs exactly one application id`, 2);
  return encodeURIComponent(words[0]);
}

function rejectedSteps(pairs: string[]): Record<string, string> {
  if (pairs.length === 0) throw new OpsCliError('reject needs at least one <step>=<reason>', 2);
  const steps: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new OpsCliError(`'${pair}' is not <step>=<reason>`, 2);
    const step = pair.slice(0, at);
    if (step in steps) throw new OpsCliError(`step '${step}' is given twice`, 2);
    steps[step] = pair.slice(at + 1);
  }
  return steps;
}

async function run(command: string, args: string[], target: OpsTarget, io: OpsIo): Promise<void> {
  const known: Record<string, string[]> = { list: ['status', 'search', 'limit', 'offset'], funnel: ['from', 'to'], ...rectificationOptions };
  const { words, options, json } = parseArgs(args, known[command] ?? []);
  const print = (value: unknown, text: () => string) => io.out(json ? JSON.stringify(value, null, 2) : text());
  if (command === 'reviewer') {
    const { value, text } = await reviewerCommand(words, target);
    return print(value, () => text);
  }
  if (command === 'funnel') {
    if (words.length > 0) throw new OpsCliError(`funnel takes no words, got '${words.join(' ')}'`, 2);
    const funnel = await callOps<OpsFunnel>(target, 'GET', `/funnel?${new URLSearchParams(options).toString()}`);
    return print(funnel, () => formatFunnel(funnel));
  }
  if (command === 'releases') {
    if (words.length > 0) throw new OpsCliError(`releases takes no words, got '${words.join(' ')}'`, 2);
    const list = await callOps<OpsReleaseList>(target, 'GET', '/releases');
    return print(list, () => formatReleases(list));
  }
  const rectification = await runRectification(command, words, options, target);
  if (rectification) return print(rectification.value, () => rectification.text);
  if (command === 'list') {
    if (words.length > 0) throw new OpsCliError(`list takes no words, got '${words.join(' ')}'`, 2);
    const { search, ...rest } = options;
    const query = new URLSearchParams({ ...rest, ...(search ? { q: search } : {}) }).toString();
    const list = await callOps<OpsApplicationList>(target, 'GET', `/applications${query ? `?${query}` : ''}`);
    return print(list, () => formatList(list));
  }
  if (command === 'show') {
    const answer = await callOps<OpsApplicationResponse>(target, 'GET', `/applications/${oneId(command, words)}`);
    return print(answer, () => formatApplication(answer.application));
  }
  if (command === 'reject') {
    const [id, ...pairs] = words;
    const body = { action: 'reject', rejectedSteps: rejectedSteps(pairs) };
    const answer = await callOps<OpsActionResponse>(target, 'POST', `/applications/${oneId(command, id ? [id] : [])}/decision`, body);
    return print(answer, () => formatAction(answer));
  }
  if (moves.includes(command)) {
    const answer = await callOps<OpsActionResponse>(target, 'POST', `/applications/${oneId(command, words)}/decision`, { action: command });
    return print(answer, () => formatAction(answer));
  }
  if (command === 'rekyc') {
    const answer = await callOps<OpsActionResponse>(target, 'POST', `/applications/${oneId(command, words)}/rekyc`, {});
    return print(answer, () => formatAction(answer));
  }
  throw new OpsCliError(`unknown command '${command}'`, 2);
}

export async function main(argv: string[], io: OpsIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? io.err : io.out)(usage);
    return command === undefined ? 2 : 0;
  }
  try {
    const token = io.env.OPS_TOKEN?.trim();
    if (!token) throw new OpsCliError('OPS_TOKEN is not set: export the token the server was started with', 2);
    const baseUrl = (io.env.OPS_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new OpsCliError(`OPS_URL must be an http(s) address, got '${baseUrl}'`, 2);
    await run(command, args, { baseUrl, token, fetch: io.fetch }, io);
    return 0;
  } catch (error) {
    if (!(error instanceof OpsCliError)) throw error;
    io.err(`error: ${error.message}`);
    if (error.exitCode === 2) io.err(`\n${usage}`);
    return error.exitCode;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const io: OpsIo = {
    env: process.env,
    fetch,
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  };
  process.exitCode = await main(process.argv.slice(2), io);
}
