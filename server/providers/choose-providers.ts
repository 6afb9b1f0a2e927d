import { type CapabilityEntry, type ProviderEnv, type Registry, capabilities, registry as defaultRegistry, retiredVariables } from './registry';
import type { Capability, VendorDefinition, VendorSettings } from './vendor';

/**
 * The environment -> one choice per capability, before anything starts:
 * 1. `<CAPABILITY>_VENDOR` set (or the entry's `chosenBy` variable): that vendor, live, with its variables (a missing
 *    required one stops the start);
 * 2. unset, outside production: the capability's first vendor, pointed at its simulator;
 * 3. unset, in production: the first vendor live when it needs no credential (`liveByDefault`), else the start stops,
 *    naming the variables each vendor needs.
 * A retired variable (PAN_KRA_URL...) or a vendor's variable set while its capability chose another (or none) stops the
 * start too: a setting that silently does nothing is how a broker ends up on a simulator.
 */

export type Choice =
  | { mode: 'live'; vendor: VendorDefinition; settings: VendorSettings; fallback?: { vendor: VendorDefinition; settings: VendorSettings } }
  | { mode: 'simulator'; vendor: VendorDefinition }
  /** A client handed over outright (AppOptions.providers): nothing to choose. */
  | { mode: 'given' };

export type Choices = { readonly [C in Capability]: Choice };

/** Every problem of the environment at once, so a broker fixes them in one go. */
export class ProviderSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`provider settings have ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  }
}

const setting = (env: ProviderEnv, name: string): string | undefined => env[name]?.trim() || undefined;

/** The vendor's variables as set, defaults applied. */
export function settingsOf(vendor: VendorDefinition, env: ProviderEnv): VendorSettings {
  return Object.fromEntries(vendor.variables.map((variable) => [variable.name, setting(env, variable.name) ?? variable.default]));
}

function missingOf(vendor: VendorDefinition, settings: VendorSettings): string[] {
  return vendor.variables.filter((variable) => variable.required && settings[variable.name] === undefined).map((variable) => variable.name);
}

/** 'SMS_VENDOR=msg91 (MSG91_AUTH_KEY, MSG91_SENDER_ID) or SMS_VENDOR=exotel (...)': what a broker may set. */
export function describeChoices(entry: CapabilityEntry<Capability>): string {
  return entry.vendors
    .map((vendor) => {
      const required = vendor.variables.filter((variable) => variable.required && variable.default === undefined).map((variable) => variable.name);
      return `${entry.vendorVariable}=${vendor.vendor}${required.length ? ` (${required.join(', ')})` : ''}`;
    })
    .join(' or ');
}

/** The capability's choice, or undefined when `problems` says why there is none (the start then stops). */
function chooseOne(entry: CapabilityEntry<Capability>, env: ProviderEnv, production: boolean, problems: string[]): Choice | undefined {
  const implied = entry.chosenBy && setting(env, entry.chosenBy.variable) !== undefined ? entry.chosenBy.vendor : undefined;
  const named = setting(env, entry.vendorVariable) ?? implied;
  const live = (vendor: VendorDefinition): Choice | undefined => {
    const settings = settingsOf(vendor, env);
    const missing = missingOf(vendor, settings);
    if (missing.length > 0) {
      problems.push(`${entry.vendorVariable}=${vendor.vendor} needs ${missing.join(', ')}`);
      return undefined;
    }
    return { mode: 'live', vendor, settings };
  };
  const byName = (name: string, variable: string): VendorDefinition | undefined => {
    const vendor = entry.vendors.find((candidate) => candidate.vendor === name);
    if (!vendor) problems.push(`${variable}=${name} is not a vendor of ${entry.title}: ${entry.vendors.map((v) => v.vendor).join(', ')}`);
    return vendor;
  };
  const [first] = entry.vendors;
  if (named === undefined) {
    if (entry.fallback && setting(env, entry.fallback.variable)) problems.push(`${entry.fallback.variable} is set but ${entry.vendorVariable} is not`);
    if (!production) return { mode: 'simulator', vendor: first };
    if (entry.liveByDefault) return live(first);
    problems.push(`${entry.title}: production needs a vendor: ${describeChoices(entry)}`);
    return undefined;
  }
  const vendor = byName(named, entry.vendorVariable);
  const chosen = vendor && live(vendor);
  if (!chosen || chosen.mode !== 'live') return undefined;
  const secondName = entry.fallback && setting(env, entry.fallback.variable);
  if (entry.fallback && secondName) {
    const second = byName(secondName, entry.fallback.variable);
    if (second === vendor) problems.push(`${entry.fallback.variable} names the same vendor as ${entry.vendorVariable}`);
    else if (second) {
      const secondChoice = live(second);
      if (secondChoice?.mode === 'live') return { ...chosen, fallback: { vendor: second, settings: secondChoice.settings } };
    }
  }
  return chosen;
}

/** The variables some choice reads: the chosen vendors' (both of a fallback pair). */
function variablesRead(choices: Partial<Record<Capability, Choice>>, registry: Registry): Set<string> {
  const read = new Set<string>();
  for (const capability of capabilities) {
    const choice = choices[capability];
    const entry = registry[capability];
    read.add(entry.vendorVariable);
    if (entry.fallback) read.add(entry.fallback.variable);
    if (choice?.mode === 'live') {
      for (const variable of choice.vendor.variables) read.add(variable.name);
      for (const variable of choice.fallback?.vendor.variables ?? []) read.add(variable.name);
    }
  }
  return read;
}

/**
 * Chooses every capability's provider, or throws ProviderSettingsError with every problem found. A capability in
 * `given` (a client handed over outright: tests) is not chosen, so nothing about it is required.
 */
export function chooseProviders(env: ProviderEnv, production: boolean, registry: Registry = defaultRegistry, given: ReadonlySet<Capability> = new Set()): Choices {
  const problems: string[] = [];
  for (const [name, capability] of Object.entries(retiredVariables)) {
    if (setting(env, name) !== undefined) problems.push(`${name} is no longer read: ${registry[capability].title} is chosen by ${describeChoices(registry[capability])}`);
  }
  const choices: Partial<Record<Capability, Choice>> = {};
  for (const capability of capabilities) {
    choices[capability] = given.has(capability) ? { mode: 'given' } : chooseOne(registry[capability], env, production, problems);
  }
  const read = variablesRead(choices, registry);
  for (const capability of capabilities) {
    const entry = registry[capability];
    for (const vendor of entry.vendors) {
      for (const variable of vendor.variables) {
        if (setting(env, variable.name) === undefined || read.has(variable.name)) continue;
        problems.push(`${variable.name} is set but ${entry.vendorVariable} is not ${vendor.vendor}: set ${entry.vendorVariable}=${vendor.vendor} to use it, or unset it`);
        read.add(variable.name);
      }
    }
  }
  if (problems.length > 0) throw new ProviderSettingsError(problems);
  // Without problems every capability has its choice (chooseOne says why it has none).
  return choices as Choices;
}

/** Every variable the registry knows, the retired ones included: what server/env.ts passes on. */
export function providerVariableNames(registry: Registry = defaultRegistry): string[] {
  const names = new Set<string>(Object.keys(retiredVariables));
  for (const capability of capabilities) {
    const entry = registry[capability];
    names.add(entry.vendorVariable);
    if (entry.fallback) names.add(entry.fallback.variable);
    for (const vendor of entry.vendors) for (const variable of vendor.variables) names.add(variable.name);
  }
  return [...names];
}
