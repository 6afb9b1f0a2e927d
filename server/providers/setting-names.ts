import type { VendorSettings, VendorVariable } from './vendor';

/**
 * Which variable each option of a vendor's client is read from (`{ baseUrl: 'SETU_BAV_BASE_URL', … }`): written once,
 * read both ways: the client's options from the settings, and the settings that point the client at its simulator.
 */
export type SettingNames<Option extends string> = Readonly<Record<Option, string>>;

/** The client's options from its variables' values (checked before: every required one is there). */
export function optionsFrom<Option extends string>(names: SettingNames<Option>, settings: VendorSettings): Record<Option, string> {
  return Object.fromEntries(Object.entries<string>(names).map(([option, variable]) => [option, settings[variable] ?? ''])) as Record<Option, string>;
}

/** The variables' values that give the client these options. */
export function settingsFor<Option extends string>(names: SettingNames<Option>, options: Readonly<Record<Option, string>>): VendorSettings {
  return Object.fromEntries(Object.entries<string>(names).map(([option, variable]) => [variable, options[option as Option]]));
}

/** A client's settings, each declared once with its variable: the variables' list and the names map both come from it. */
export function settingVariables<Option extends string>(byOption: Readonly<Record<Option, VendorVariable>>): { names: SettingNames<Option>; variables: VendorVariable[] } {
  const entries = Object.entries<VendorVariable>(byOption);
  return { names: Object.fromEntries(entries.map(([option, variable]) => [option, variable.name])) as SettingNames<Option>, variables: entries.map(([, variable]) => variable) };
}
