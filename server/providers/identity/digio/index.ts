import { parseBaseUrl } from '../../http';
import { ProviderError } from '../../provider-error';
import type { VendorDefinition, VendorSettings } from '../../vendor';
import type { IdentityControls, IdentityProvider } from '../identity';
import { createDigioClient, digioVendor } from './client';
import { identitySdk } from './sdk-hosts';
import { simulatorRoutes, simulatorSettings } from './simulator';
import { simulatorBrowserRoutes, simulatorControls } from './simulator-gateway';

/** 'a=1, b=2' → { a: '1', b: '2' }: DIGIO_ESIGN_TEMPLATES, our document keys to Digio's template keys. */
export function parseTemplateList(value: string): Record<string, string> {
  const pairs = value.split(',').map((item) => item.trim()).filter(Boolean);
  const entries = pairs.map((pair) => {
    const [key, template] = pair.split('=').map((part) => part.trim());
    if (!key || !template) throw new ProviderError(digioVendor, `DIGIO_ESIGN_TEMPLATES entry '${pair}' is not key=template`);
    return [key, template] as const;
  });
  return Object.fromEntries(entries);
}

const required = (settings: VendorSettings, name: string): string => {
  const value = settings[name]?.trim();
  if (!value) throw new ProviderError(digioVendor, `${name} is required`);
  return value;
};

/** Digio: KYC (DigiLocker templates), the liveness selfie and Aadhaar eSign, with its Web SDK in the browser. */
export const digio: VendorDefinition<IdentityProvider, IdentityControls> = {
  capability: 'identity',
  vendor: digioVendor,
  title: 'Digio KYC, selfie and eSign (Web SDK)',
  // Digio's own reference (documentation.digio.in) and what shared/vendors/digio-kyc.md and digio-esign.md cite.
  docs: [
    'https://documentation.digio.in/',
    'https://supportdesk.zohodesk.in/portal/en/kb/articles/digidocs-v2',
    'https://github.com/digio-tech/reactnative-sdk',
    'https://github.com/frappe/ekyc_india',
  ],
  variables: [
    { name: 'DIGIO_BASE_URL', default: 'https://api.digio.in', required: false, meaning: "Digio's REST API: https://api.digio.in, or its sandbox https://ext-api.digio.in (https://ext.digio.in:444 in Digio's PDF)" },
    { name: 'DIGIO_CLIENT_ID', required: true, meaning: 'client id of Digio (sandbox and production have their own)' },
    { name: 'DIGIO_CLIENT_SECRET', required: true, secret: true, meaning: 'client secret of Digio' },
    { name: 'DIGIO_KYC_TEMPLATE', required: true, meaning: 'the DigiStudio template of KYC through DigiLocker' },
    { name: 'DIGIO_SELFIE_TEMPLATE', required: true, meaning: 'the DigiStudio template of the liveness selfie' },
    { name: 'DIGIO_ESIGN_TEMPLATES', required: true, meaning: 'DigiDocs templates by document: kra_form=TMP…,account_opening_form=TMP…,nomination_opt_out=TMP…' },
    {
      name: 'DIGIO_WEBHOOK_SECRET',
      required: false,
      secret: true,
      meaning: "the webhook secret set in Digio's dashboard for POST /api/webhooks/digio (X-Digio-Checksum); unset, every webhook is refused",
    },
    {
      name: 'DIGIO_SDK_URL',
      required: false,
      meaning: "Digio's Web SDK script; default https://ext-gateway.digio.in/sdk/v11/digio.js for a sandbox DIGIO_BASE_URL, else https://app.digio.in/sdk/v11/digio.js",
    },
  ],
  create(settings, deps) {
    const baseUrl = parseBaseUrl(digioVendor, settings.DIGIO_BASE_URL ?? 'https://api.digio.in', 'DIGIO_BASE_URL');
    return createDigioClient(
      {
        baseUrl,
        clientId: required(settings, 'DIGIO_CLIENT_ID'),
        clientSecret: required(settings, 'DIGIO_CLIENT_SECRET'),
        templates: { kyc: required(settings, 'DIGIO_KYC_TEMPLATE'), selfie: required(settings, 'DIGIO_SELFIE_TEMPLATE') },
        signTemplates: parseTemplateList(required(settings, 'DIGIO_ESIGN_TEMPLATES')),
        webhookSecret: settings.DIGIO_WEBHOOK_SECRET?.trim() || undefined,
        sdk: identitySdk(baseUrl, settings.DIGIO_SDK_URL?.trim() || undefined),
      },
      deps.http,
    );
  },
  simulator: {
    covers:
      'KYC from its templates (`DIGILOCKER_AADHAAR_PAN` holds a finished request in `approval_pending` for `manage_approval`; `SELFIE_LIVENESS` ' +
      "keeps the captured photo for the media API), eSign from one template per document (the signed PDF prints the filled template), " +
      'Basic auth (401 `INVALID_API_CREDENTIALS`), signed webhooks (`X-Digio-Checksum`) to `PUBLIC_URL/api/webhooks/digio`, and the Web SDK at ' +
      '`/sim/digio/sdk/v11/digio.js`: a dialog with Approve and Cancel (the selfie adds the live camera), which `POST /api/dev/identity/{requestId}/approve|cancel|reject` acts out.',
    routes: simulatorRoutes,
    settings: simulatorSettings,
    browserRoutes: simulatorBrowserRoutes,
    controls: simulatorControls,
  },
};
