import { ProviderError } from '../../provider-error';
import type { IdentitySdk } from '../identity';

/**
 * Digio's Web SDK per environment (shared/vendors/digio-kyc.md §1 and §6): the sandbox script and gateway are on
 * ext-gateway.digio.in and its REST API on ext-api.digio.in (or ext.digio.in:444, Digio's PDF); production's script and
 * gateway are on app.digio.in and its API on api.digio.in. The SDK opens the gateway in a frame (is_iframe) and the
 * script may call the API host, so those are what the Content Security Policy allows, and only when Digio is configured.
 */
export const digioSdk = {
  sandbox: { url: 'https://ext-gateway.digio.in/sdk/v11/digio.js', gateway: 'https://ext-gateway.digio.in', api: 'https://ext-api.digio.in' },
  production: { url: 'https://app.digio.in/sdk/v11/digio.js', gateway: 'https://app.digio.in', api: 'https://api.digio.in' },
} as const;

/** Digio's sandbox hosts all start with `ext` (ext.digio.in, ext-api.digio.in, ext-gateway.digio.in). */
const isDigioSandboxHost = (host: string) => host === 'ext.digio.in' || /^ext-[a-z0-9-]+\.digio\.in$/.test(host);

/**
 * The SDK the browser loads. `DIGIO_SDK_URL` when set: an https URL, or a path on the app's own origin (the simulator's
 * script, which needs nothing beyond 'self'). Unset: Digio's sandbox SDK when DIGIO_BASE_URL is one of Digio's sandbox
 * hosts, else its production SDK. The environment follows the script: Digio's sandbox hosts and the app's own path are
 * 'sandbox', anything else 'production'.
 */
export function identitySdk(baseUrl: string, sdkUrl: string | undefined): IdentitySdk {
  const chosen = sdkUrl ?? (isDigioSandboxHost(new URL(baseUrl).hostname) ? digioSdk.sandbox.url : digioSdk.production.url);
  if (chosen.startsWith('/') && !chosen.startsWith('//')) return { url: chosen, environment: 'sandbox', origins: { script: [], frame: [], connect: [] } };
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    throw new ProviderError('digio', 'DIGIO_SDK_URL is neither an https URL nor a path on this site');
  }
  if (url.protocol !== 'https:') throw new ProviderError('digio', 'DIGIO_SDK_URL must be https');
  const known = Object.values(digioSdk).find((sdk) => new URL(sdk.gateway).host === url.host);
  const environment = known === digioSdk.production || (!known && !isDigioSandboxHost(url.hostname)) ? 'production' : 'sandbox';
  if (known) return { url: url.href, environment, origins: { script: [known.gateway], frame: [known.gateway], connect: [known.gateway, known.api] } };
  return { url: url.href, environment, origins: { script: [url.origin], frame: [url.origin], connect: [url.origin] } };
}
