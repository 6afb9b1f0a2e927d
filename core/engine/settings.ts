import type { FlowConfig, FlowSettings } from './flow-types';

/** Pure: flow.json's settings with their defaults, the names schemas may read with `{"$setting": "<name>"}`. */

export const settingDefaults: Required<FlowSettings> = { maxNominees: 3 };

export type SettingName = keyof FlowSettings;

export function settingsOf(flow: Pick<FlowConfig, 'settings'>): Required<FlowSettings> {
  return { ...settingDefaults, ...flow.settings };
}

/** Days an applicant has to fix what a reject sent back. */
export const defaultRectificationDays = 15;

/** The days to fix a reject: by the applicant's KRA status when review.rectification.daysByKraStatus says so. */
export function rectificationDays(flow: Pick<FlowConfig, 'review'>, kraStatus?: string | null): number {
  const byStatus = flow.review.rectification?.daysByKraStatus as Record<string, number | undefined> | undefined;
  return (kraStatus ? byStatus?.[kraStatus] : undefined) ?? flow.review.rectificationDays ?? defaultRectificationDays;
}
