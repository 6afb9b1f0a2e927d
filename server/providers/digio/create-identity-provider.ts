import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ProviderError } from '../provider-error';
import { createDigioProvider, digioProviderName } from './http-digio-provider';
import type { IdentityProvider } from './identity-provider';
import { type SandboxIdentityOptions, createSandboxIdentityProvider } from './sandbox-identity-provider';

/** The environment variables that choose the identity provider. */
export interface IdentityEnv {
  DIGIO_CLIENT_ID?: string | undefined;
  DIGIO_CLIENT_SECRET?: string | undefined;
  /** Default https://api.digio.in; https://ext.digio.in:444 is Digio's own sandbox. */
  DIGIO_BASE_URL?: string | undefined;
  DIGIO_KYC_TEMPLATE?: string | undefined;
  DIGIO_SELFIE_TEMPLATE?: string | undefined;
  /** eSign templates by document key: 'kra_form=TMP…,account_opening_form=TMP…'. */
  DIGIO_ESIGN_TEMPLATES?: string | undefined;
}

const setting = (value: string | undefined) => value?.trim() || undefined;

/** 'a=1, b=2' → { a: '1', b: '2' }. */
export function parseTemplateList(value: string): Record<string, string> {
  const pairs = value.split(',').map((item) => item.trim()).filter(Boolean);
  const entries = pairs.map((pair) => {
    const [key, template] = pair.split('=').map((part) => part.trim());
    if (!key || !template) throw new ProviderError(digioProviderName, `DIGIO_ESIGN_TEMPLATES entry '${pair}' is not key=template`);
    return [key, template] as const;
  });
  return Object.fromEntries(entries);
}

/** Digio when DIGIO_CLIENT_ID is set (then the secret and templates are required), else the sandbox. */
export function createIdentityProvider(
  env: IdentityEnv,
  sandbox: { db: Kysely<Database>; clock: () => number } & SandboxIdentityOptions,
  timeoutMs?: number,
): IdentityProvider {
  const clientId = setting(env.DIGIO_CLIENT_ID);
  if (!clientId) return createSandboxIdentityProvider(sandbox.db, sandbox.clock, { delayMs: sandbox.delayMs });
  const required = (name: keyof IdentityEnv): string => {
    const value = setting(env[name]);
    if (!value) throw new ProviderError(digioProviderName, `${name} is required with DIGIO_CLIENT_ID`);
    return value;
  };
  return createDigioProvider({
    baseUrl: setting(env.DIGIO_BASE_URL) ?? 'https://api.digio.in',
    clientId,
    clientSecret: required('DIGIO_CLIENT_SECRET'),
    templates: { kyc: required('DIGIO_KYC_TEMPLATE'), selfie: required('DIGIO_SELFIE_TEMPLATE') },
    signTemplates: parseTemplateList(required('DIGIO_ESIGN_TEMPLATES')),
    timeoutMs,
  });
}
