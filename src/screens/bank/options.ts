import type { FormSpec } from '../../../core/engine/config-types';

/** A UPI app offered on iOS (spec section 2), from the page's options in flow-config/pages/bank.json. */
export interface UpiApp {
  label: string;
  /** What replaces upi:// in the intent link (the spec's {address}), e.g. gpay://upi/. */
  address: string;
}

/** The linkBank screen's `options` (checked by core/catalog/screen-options/link-bank.schema.json), with the spec's values as defaults. */
export interface LinkBankOptions {
  form: FormSpec;
  pollMs: number;
  countdownSeconds: number;
  iosApps: UpiApp[];
}

export function readLinkBankOptions(options: Record<string, unknown> | undefined, where: string): LinkBankOptions {
  const form = options?.form as Partial<FormSpec> | undefined;
  if (typeof form?.schema !== 'string' || typeof form.effect !== 'string' || !Array.isArray(options?.iosApps)) {
    throw new Error(`${where}: options need form (with schema and effect) and iosApps (run npm run check:config)`);
  }
  return {
    form: form as FormSpec,
    pollMs: typeof options?.pollMs === 'number' ? options.pollMs : 2000,
    countdownSeconds: typeof options?.countdownSeconds === 'number' ? options.countdownSeconds : 300,
    iosApps: options.iosApps as UpiApp[],
  };
}

/** The intent link for one app: upi://pay?... with the app's address in place of upi://. */
export function appLink(intentLink: string, address: string): string {
  return intentLink.replace(/^upi:\/\//, address);
}
