import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '../../core/engine/config-types';

/** Hosts that name no one (RFC 2606 and 6761): an address on one is a placeholder the broker has not replaced. */
const exampleHost = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;

/** messages.json `brand.logo` names a file in flow-config/ that is there. */
export function brandFileProblems(messages: Messages, dir: string, label: string): string[] {
  const { logo } = messages.brand;
  return existsSync(join(dir, logo)) ? [] : [`${label}: brand.logo names ${logo}, which is not in flow-config/`];
}

/**
 * In production mode (NODE_ENV=production): the addresses the app links to and the broker's registration and
 * member ids must be the broker's own, never the shipped examples (an example host, an id of zeros).
 */
export function productionBrandProblems(messages: Messages, label: string): string[] {
  const problems: string[] = [];
  for (const [name, address] of Object.entries(messages.links)) {
    let host = '';
    try {
      host = new URL(address).hostname;
    } catch {
      problems.push(`${label}: links.${name} is not a web address (${address})`);
      continue;
    }
    if (exampleHost.test(host)) problems.push(`${label}: links.${name} is an example address (${address}); set the broker's own before production`);
  }
  const { brand } = messages;
  const placeholder = (id: string) => !/[1-9]/.test(id);
  if (placeholder(brand.sebiRegistration)) problems.push(`${label}: brand.sebiRegistration is the example ${brand.sebiRegistration}; set the broker's SEBI registration before production`);
  for (const [list, members] of [['exchangeMembers', brand.exchangeMembers], ['depositoryParticipants', brand.depositoryParticipants]] as const) {
    members.forEach(({ body, id }, index) => {
      if (placeholder(id)) problems.push(`${label}: brand.${list}/${index} (${body}) is the example id ${id}; set the broker's own before production`);
    });
  }
  return problems;
}
