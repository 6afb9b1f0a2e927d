import type { AccountAggregator, AggregatorControls } from './account-aggregator/account-aggregator';
import { setuAccountAggregator } from './account-aggregator/setu/index';
import type { IdentityControls, IdentityProvider } from './identity/identity';
import { digio } from './identity/digio';
import type { IfscLookup } from './ifsc/ifsc';
import { razorpayIfsc } from './ifsc/razorpay';
import type { EmailClient } from './email/email';
import { smtp } from './email/smtp';
import { exotel } from './sms/exotel';
import { msg91 } from './sms/msg91';
import type { SmsClient } from './sms/sms';
import { cams } from './kra/cams';
import { cvl } from './kra/cvl';
import type { KraClient } from './kra/kra';
import { cashfreePennyDrop } from './penny-drop/cashfree';
import type { PennyDrop } from './penny-drop/penny-drop';
import { razorpayxPennyDrop } from './penny-drop/razorpayx';
import { withFallback } from './penny-drop/with-fallback';
import { cashfreeRpd } from './upi-rpd/cashfree';
import { setuRpd } from './upi-rpd/setu';
import type { UpiAppControls } from './upi-rpd/upi-app';
import type { ReversePennyDrop } from './upi-rpd/upi-rpd';
import type { Capability, VendorDefinition } from './vendor';

/**
 * Every capability and its vendors. Adding a vendor: its folder under `<capability>/<vendor>/` exporting one
 * VendorDefinition, and its name in the capability's `vendors` list below (the first is the one simulated when nothing
 * is configured). choose-providers.ts, the start-up errors, GET /api/ops/providers and the README's tables read this.
 */

/** The client each capability's vendors create: what the features call. */
export interface CapabilityClients {
  sms: SmsClient;
  email: EmailClient;
  kra: KraClient;
  ifsc: IfscLookup;
  identity: IdentityProvider;
  'account-aggregator': AccountAggregator;
  'penny-drop': PennyDrop;
  'upi-rpd': ReversePennyDrop;
}

/** What /api/dev/... may ask of each capability's simulated vendor (SimulatorDefinition.controls); never for none. */
export interface CapabilityControls {
  sms: never;
  email: never;
  kra: never;
  ifsc: never;
  identity: IdentityControls;
  'account-aggregator': AggregatorControls;
  'penny-drop': never;
  /** The applicant's UPI app paying the vendor's link (/api/dev/upi/{requestId}/pay). */
  'upi-rpd': UpiAppControls;
}

/** The environment as choose-providers reads it: every variable by name; blank counts as unset. */
export type ProviderEnv = Readonly<Record<string, string | undefined>>;

export interface CapabilityEntry<C extends Capability> {
  capability: C;
  /** As the console and the README name it. */
  title: string;
  /** Chooses the vendor, e.g. SMS_VENDOR. */
  vendorVariable: string;
  /** The first is the one simulated outside production when `vendorVariable` is unset. */
  vendors: readonly [VendorDefinition<CapabilityClients[C], CapabilityControls[C]>, ...VendorDefinition<CapabilityClients[C], CapabilityControls[C]>[]];
  /**
   * Production without `vendorVariable`: the first vendor, live, when it needs no credential (Razorpay's public IFSC
   * API); otherwise the start stops naming the variables.
   */
  liveByDefault?: boolean;
  /** `vendorVariable` unset: this variable set chooses that vendor (identity: DIGIO_CLIENT_ID, as before the registry). */
  chosenBy?: { variable: string; vendor: string };
  /** A second vendor tried within the request's budget when the first answers a retryable failure (penny drop). */
  fallback?: {
    variable: string;
    combine(primary: CapabilityClients[C], second: CapabilityClients[C]): CapabilityClients[C];
  };
}

export type Registry = { readonly [C in Capability]: CapabilityEntry<C> };

export const registry: Registry = {
  sms: {
    capability: 'sms',
    title: 'SMS',
    vendorVariable: 'SMS_VENDOR',
    vendors: [msg91, exotel],
  },
  email: {
    capability: 'email',
    title: 'Email',
    vendorVariable: 'EMAIL_VENDOR',
    vendors: [smtp],
  },
  kra: {
    capability: 'kra',
    title: 'KRA (PAN check)',
    vendorVariable: 'KRA_VENDOR',
    vendors: [cams, cvl],
  },
  ifsc: {
    capability: 'ifsc',
    title: 'IFSC lookup',
    vendorVariable: 'IFSC_VENDOR',
    vendors: [razorpayIfsc],
    liveByDefault: true,
  },
  identity: {
    capability: 'identity',
    title: 'Identity (KYC, selfie, eSign)',
    vendorVariable: 'IDENTITY_VENDOR',
    // As before the registry: DIGIO_CLIENT_ID alone switches identity to Digio (README, Configuration).
    chosenBy: { variable: 'DIGIO_CLIENT_ID', vendor: 'digio' },
    vendors: [digio],
  },
  'account-aggregator': {
    capability: 'account-aggregator',
    title: 'Account aggregator (income proof)',
    vendorVariable: 'AA_VENDOR',
    vendors: [setuAccountAggregator],
  },
  'penny-drop': {
    capability: 'penny-drop',
    title: 'Penny drop (bank account check)',
    vendorVariable: 'PENNY_DROP_VENDOR',
    // Cashfree first: it tells a closed account from an unknown one (RazorpayX reports both as invalid).
    vendors: [cashfreePennyDrop, razorpayxPennyDrop],
    fallback: { variable: 'PENNY_DROP_FALLBACK_VENDOR', combine: withFallback },
  },
  'upi-rpd': {
    capability: 'upi-rpd',
    title: 'UPI reverse penny drop',
    vendorVariable: 'UPI_RPD_VENDOR',
    vendors: [setuRpd, cashfreeRpd],
  },
};

/** The capabilities in the order the console and the README list them. */
export const capabilities: readonly Capability[] = ['sms', 'email', 'kra', 'identity', 'account-aggregator', 'penny-drop', 'upi-rpd', 'ifsc'];

/** Variables that no longer choose anything: setting one stops the start with what replaced it. */
export const retiredVariables: Readonly<Record<string, Capability>> = {
  PAN_KRA_URL: 'kra',
  PAN_KRA_TOKEN: 'kra',
  PENNY_DROP_URL: 'penny-drop',
  PENNY_DROP_TOKEN: 'penny-drop',
  SMS_GATEWAY_URL: 'sms',
  SMS_GATEWAY_TOKEN: 'sms',
  SMS_SENDER_ID: 'sms',
  AA_BASE_URL: 'account-aggregator',
  AA_CLIENT_ID: 'account-aggregator',
  AA_CLIENT_SECRET: 'account-aggregator',
  AA_PRODUCT_INSTANCE_ID: 'account-aggregator',
  AA_REDIRECT_URL: 'account-aggregator',
  IFSC_LOOKUP_URL: 'ifsc',
};
