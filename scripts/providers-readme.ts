import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capabilities, registry } from '../server/providers/registry';
import { describeChoices } from '../server/providers/choose-providers';

/**
 * The README's Providers section, written from the registry (server/providers/registry.ts and each VendorDefinition):
 * per capability the vendors, their variables, the documentation they follow and what the simulator covers. Never by
 * hand: `npx tsx scripts/providers-readme.ts --write` rewrites it between its markers, and a test keeps it current.
 */

export const readmePath = join(import.meta.dirname, '..', 'README.md');
export const startMarker = '<!-- providers: written by scripts/providers-readme.ts from server/providers/registry.ts -->';
export const endMarker = '<!-- providers: end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function providersSection(): string {
  const out: string[] = [startMarker, ''];
  for (const capability of capabilities) {
    const entry = registry[capability];
    out.push(`### ${entry.title}`, '');
    const unset = entry.liveByDefault ? `unset: the ${entry.vendors[0].title} simulator outside production, ${entry.vendors[0].title} itself in production (it needs no credential)` : `unset: the ${entry.vendors[0].title} simulator outside production; production refuses to start`;
    const alsoBy = entry.chosenBy ? `, or \`${entry.chosenBy.variable}\` set for \`${entry.chosenBy.vendor}\`` : '';
    out.push(`Chosen by \`${entry.vendorVariable}\`${alsoBy} (${entry.vendors.map((vendor) => `\`${vendor.vendor}\``).join(', ')}; ${unset}).${entry.fallback ? ` \`${entry.fallback.variable}\` names a second vendor tried when the first fails in a retryable way.` : ''}`, '');
    for (const vendor of entry.vendors) {
      out.push(`**${vendor.title}** (\`${entry.vendorVariable}=${vendor.vendor}\`). Follows: ${vendor.docs.map((url) => `<${url}>`).join(', ')}.`, '');
      out.push('| variable | default | production needs it | meaning |', '|---|---|---|---|');
      for (const variable of vendor.variables) {
        out.push(`| \`${variable.name}\` | ${variable.default ? `\`${variable.default}\`` : 'unset'} | ${variable.required ? 'yes' : 'no'}${variable.secret ? ' (secret)' : ''} | ${cell(variable.meaning)} |`);
      }
      out.push('');
      if (vendor.simulator.covers) out.push(`Simulator: ${vendor.simulator.covers}`, '');
    }
  }
  out.push(`In short: ${capabilities.filter((capability) => registry[capability].vendors.length > 0).map((capability) => describeChoices(registry[capability])).join('; ')}.`, '', endMarker);
  return out.join('\n');
}

/** The README with its Providers section as the registry says. */
export function readmeWithProviders(readme: string): string {
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`README.md has no ${startMarker} ... ${endMarker} section`);
  return `${readme.slice(0, start)}${providersSection()}${readme.slice(end + endMarker.length)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync(readmePath, 'utf8');
  const updated = readmeWithProviders(readme);
  if (process.argv.includes('--write')) writeFileSync(readmePath, updated);
  else process.stdout.write(providersSection());
}
